/**
 * Edits, deletes, moderation, profile and account changes of a topic, an article, a user or a
 * comment record
 * `entity.changed` with the write (`entityUpdater` in `events/`); its job projects the document
 * again from MongoDB, so no such write stays invisible if its process died before projecting.
 * (Creations have their own `*.created` events.)
 */
import type { EventPayload } from '@forum/contracts';
import { reprojectArticle } from './articles';
import { reprojectComment } from './comments';
import { reprojectTopic } from './topics';
import { reprojectUser } from './users';

export type ChangedKind = EventPayload<'entity.changed'>['kind'];

const reprojectors = {
  topic: reprojectTopic,
  article: reprojectArticle,
  user: reprojectUser,
  comment: reprojectComment,
} as const;

/** Projects one document of `kind` again from MongoDB (the event's job). */
export async function reprojectChanged(kind: ChangedKind, id: number): Promise<void> {
  await reprojectors[kind](id);
}
