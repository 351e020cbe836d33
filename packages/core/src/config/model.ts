import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/** One row per configuration key, as the legacy `t_sys_config`; values are stored as text. */
const SysConfigSchema = new Schema(
  {
    _id: { type: Number, required: true },
    key: { type: String, required: true, maxlength: 128 },
    value: { type: String, default: '' },
    name: { type: String, default: '' },
    description: { type: String, default: '' },
    createTime: { type: Number, required: true },
    updateTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'sys_config' },
);
SysConfigSchema.index({ key: 1 }, { unique: true });
SysConfigSchema.plugin(outboxPlugin);

export type SysConfigRow = InferSchemaType<typeof SysConfigSchema>;
export const SysConfig = mongoose.model('SysConfig', SysConfigSchema);
registerOutboxModel(SysConfig);
