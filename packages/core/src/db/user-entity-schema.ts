import { Schema } from 'mongoose';
import { outboxField, outboxPlugin } from '../events/outbox';

/**
 * The schema of a "user U did this to entity (type, id)" row: a like, a favourite. The unique
 * triple makes a repeated or concurrent add fail on insert, so its counters move once per row.
 * Writes record their events in the row's outbox.
 */
export function userEntitySchema(collection: string) {
  const schema = new Schema(
    {
      _id: { type: Number, required: true },
      userId: { type: Number, required: true },
      entityType: { type: String, required: true },
      entityId: { type: Number, required: true },
      createTime: { type: Number, required: true },
      outbox: outboxField,
    },
    { versionKey: false, collection },
  );
  // Also answers "which of these did the user mark?" ($in on entityId under the same prefix).
  schema.index({ userId: 1, entityType: 1, entityId: 1 }, { unique: true });
  schema.plugin(outboxPlugin);
  return schema;
}
