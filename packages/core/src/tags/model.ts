import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * A tag, legacy `t_tag`. `nameLower` is unique, so tags are case-insensitively unique without
 * collation, and get-or-create is race-free (the unique index decides).
 */
const TagSchema = new Schema(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    nameLower: { type: String, required: true },
    description: { type: String, default: '' },
    status: { type: Number, default: 0 },
    createTime: { type: Number, required: true },
    updateTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'tags' },
);
TagSchema.index({ nameLower: 1 }, { unique: true });
// The tag list: status 0, newest first.
TagSchema.index({ status: 1, _id: -1 });

export type TagDoc = InferSchemaType<typeof TagSchema> & { _id: number };
export const Tag = mongoose.model('Tag', TagSchema);
