import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * An open-source project shown on the projects page, legacy `t_project`. Admins write them and
 * set their order (`sortNo`); the public list is the read model's.
 */
const ProjectSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    name: { type: String, required: true },
    title: { type: String, default: '' },
    logo: { type: String, default: '' },
    url: { type: String, default: '' },
    docUrl: { type: String, default: '' },
    downloadUrl: { type: String, default: '' },
    contentType: { type: String, default: 'markdown' },
    content: { type: String, default: '' },
    /** 0 shown, 1 hidden (ours: bbs-go projects were always shown). */
    status: { type: Number, default: 0 },
    /** Display order (ours): smaller first; rows stored before it read as 0. */
    sortNo: { type: Number, default: 0 },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'projects' },
);

export type ProjectDoc = InferSchemaType<typeof ProjectSchema> & { _id: number };
export const Project = mongoose.model('Project', ProjectSchema);
