import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/** A topic node (board), legacy `t_topic_node`. `status` 0 shown, 1 hidden. */
const TopicNodeSchema = new Schema(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    logo: { type: String, default: '' },
    sortNo: { type: Number, default: 0 },
    status: { type: Number, default: 0 },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'topic_nodes' },
);
// The public node list: status 0, sortNo ascending, newest first among equals.
TopicNodeSchema.index({ status: 1, sortNo: 1, _id: -1 });
TopicNodeSchema.index({ name: 1 }, { unique: true });
// The admin list: every status, same order.
TopicNodeSchema.index({ sortNo: 1, _id: -1 });

export type TopicNodeDoc = InferSchemaType<typeof TopicNodeSchema> & { _id: number };
export const TopicNode = mongoose.model('TopicNode', TopicNodeSchema);
