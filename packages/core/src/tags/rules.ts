import { Texts } from '@forum/contracts';
/** What the owner's tag commands share: the unique-name check and its refusal. */
import { AppError } from '../errors';
import { tagIdsByName } from '../read-model/tags';

export const tagNameTaken = (name: string) => new AppError('CONFLICT', Texts.tags.nameTaken(name));

/**
 * The id of the tag with this (lower-cased) name, from the read model's name index, which holds
 * every tag, hidden ones too. Asked before writing: FerretDB reports a unique violation on an
 * update as a generic error, not as a duplicate key.
 */
export async function tagIdNamed(lower: string): Promise<number | undefined> {
  return (await tagIdsByName([lower])).get(lower);
}
