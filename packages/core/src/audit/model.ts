import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/** What an operation did and to what, as the legacy `t_operate_log` names them. */
export const OperateType = ['create', 'update', 'delete', 'forbidden', 'removeForbidden'] as const;
export type OperateType = (typeof OperateType)[number];
export const OperateDataType = [
  'sys_config',
  'user',
  'topic',
  'article',
  'comment',
  // What the console's configuration screens change.
  'topic_node',
  'tag',
  'link',
  'project',
  'forbidden_word',
  // Raw rows the legacy admin API writes.
  'favorite',
  'third_account',
  // The console's retries of failed jobs (ours; `dataId` 0, the queue and job in the description).
  'queue',
] as const;
export type OperateDataType = (typeof OperateDataType)[number];

/**
 * One row per audited operation (legacy `t_operate_log`). `eventId` is unique: the event or request
 * that caused the row, so replaying it cannot write a second row.
 */
const OperateLogSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    opType: { type: String, required: true, enum: OperateType },
    dataType: { type: String, required: true, enum: OperateDataType },
    dataId: { type: Number, required: true },
    description: { type: String, default: '', maxlength: 1024 },
    ip: { type: String, default: '' },
    userAgent: { type: String, default: '' },
    referer: { type: String, default: '' },
    createTime: { type: Number, required: true },
    eventId: { type: String, required: true },
  },
  { versionKey: false, collection: 'operate_logs' },
);
OperateLogSchema.index({ eventId: 1 }, { unique: true });

export type OperateLogRow = InferSchemaType<typeof OperateLogSchema> & { _id: number };
export const OperateLog = mongoose.model('OperateLog', OperateLogSchema);
