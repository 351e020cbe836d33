import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/**
 * One change of a user's points (legacy `t_user_score_log`), the truth of every score: a user's
 * points are the sum of their rows. `key` names what earned them (`topic:12`, `checkIn:5:20261124`),
 * unique, so the same event handled twice writes one row.
 */
const UserScoreLogSchema = new Schema(
  {
    _id: { type: Number, required: true },
    key: { type: String, required: true },
    userId: { type: Number, required: true },
    sourceType: { type: String, required: true },
    sourceId: { type: String, required: true },
    description: { type: String, default: '' },
    /** 0 gained, 1 lost (legacy). */
    type: { type: Number, required: true },
    /** Signed: negative when points were taken. */
    score: { type: Number, required: true },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'user_score_logs' },
);
UserScoreLogSchema.index({ key: 1 }, { unique: true });
UserScoreLogSchema.index({ userId: 1, _id: -1 });

export type UserScoreLogDoc = InferSchemaType<typeof UserScoreLogSchema> & { _id: number };
export const UserScoreLog = mongoose.model('UserScoreLog', UserScoreLogSchema);

/**
 * A level a user reached (`_id` = '<userId>-<level>'), written once with its `user.leveled-up`
 * event in the outbox: the unique id makes a retried points job record the level-up once.
 */
const UserLevelUpSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Number, required: true },
    level: { type: Number, required: true },
    previousLevel: { type: Number, required: true },
    createTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'user_level_ups' },
);
UserLevelUpSchema.plugin(outboxPlugin);

export type UserLevelUpDoc = InferSchemaType<typeof UserLevelUpSchema> & { _id: string };
export const UserLevelUp = mongoose.model('UserLevelUp', UserLevelUpSchema);
registerOutboxModel(UserLevelUp);
