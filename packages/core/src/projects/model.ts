import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * An open-source project shown on the projects page, legacy `t_project`. Admins write them; the
 * list is ordered by id, which the built-in `_id` index serves.
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
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'projects' },
);

export type ProjectDoc = InferSchemaType<typeof ProjectSchema> & { _id: number };
export const Project = mongoose.model('Project', ProjectSchema);
