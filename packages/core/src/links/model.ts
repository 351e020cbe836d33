import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/** A friend link, legacy `t_link`. `status` 0 shown, 1 hidden. */
const LinkSchema = new Schema(
  {
    _id: { type: Number, required: true },
    url: { type: String, required: true },
    title: { type: String, required: true },
    summary: { type: String, default: '' },
    logo: { type: String, default: '' },
    status: { type: Number, default: 0 },
    /** Display order, ascending; equal ones oldest first (legacy links had none: all 0). */
    sortNo: { type: Number, default: 0 },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'links' },
);
// The admin list in display order.
LinkSchema.index({ sortNo: 1, _id: 1 });

export type LinkDoc = InferSchemaType<typeof LinkSchema> & { _id: number };
export const Link = mongoose.model('Link', LinkSchema);
