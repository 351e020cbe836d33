import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/** One member blocking another, `_id` = `<blockerId>:<blockedId>` (docs/moderation.md). */
const BlockSchema = new Schema(
  {
    _id: { type: String, required: true },
    blockerId: { type: Number, required: true },
    blockedId: { type: Number, required: true },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'user_blocks' },
);
export type BlockDoc = InferSchemaType<typeof BlockSchema> & { _id: string };
export const Block = mongoose.model('Block', BlockSchema);

export const blockId = (blockerId: number, blockedId: number) => `${blockerId}:${blockedId}`;
