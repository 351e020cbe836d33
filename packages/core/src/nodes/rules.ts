import { Texts } from '@forum/contracts';
/** What the owner's node commands share: the unique-name check and its refusal. */
import { AppError } from '../errors';
import { TopicNode } from './model';

export function nodeNameTaken(name: string): AppError {
  return new AppError('CONFLICT', Texts.nodes.nameTaken(name));
}

/**
 * The id of the node named `name`, if any. The admin path may scan (a site has a handful of nodes);
 * checking before the write matters because FerretDB reports a unique violation on an update as a
 * generic error, not as a duplicate key.
 */
export async function nodeIdNamed(name: string): Promise<number | undefined> {
  return (await TopicNode.findOne({ name }, { _id: 1 }).lean<{ _id: number }>())?._id;
}
