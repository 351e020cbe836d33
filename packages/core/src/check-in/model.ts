import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/** A user's check-in record (legacy `t_check_in`), `_id` = user id. */
const CheckInSchema = new Schema(
  {
    _id: { type: Number, required: true },
    /** yyyyMMdd of the latest check-in, in the site's time zone. */
    latestDayName: { type: Number, required: true },
    consecutiveDays: { type: Number, required: true },
    createTime: { type: Number, required: true },
    updateTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'check_ins' },
);
CheckInSchema.plugin(outboxPlugin);

export type CheckInDoc = InferSchemaType<typeof CheckInSchema> & { _id: number };
export const CheckIn = mongoose.model('CheckIn', CheckInSchema);
registerOutboxModel(CheckIn);
