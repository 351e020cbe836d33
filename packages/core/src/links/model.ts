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
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'links' },
);
// The public list and the top links: shown ones, oldest first.
LinkSchema.index({ status: 1, _id: 1 });

export type LinkDoc = InferSchemaType<typeof LinkSchema> & { _id: number };
export const Link = mongoose.model('Link', LinkSchema);
