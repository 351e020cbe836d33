import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { ReportReasons, ReportTargetTypes } from '@forum/contracts';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/**
 * One member's report of one item, `_id` = `<targetType>:<targetId>:<reporterId>`: "once per item
 * per member" is the primary key. `handled` once a moderator decided on the item's open reports.
 */
const ReportSchema = new Schema(
  {
    _id: { type: String, required: true },
    targetType: { type: String, required: true, enum: ReportTargetTypes },
    targetId: { type: Number, required: true },
    userId: { type: Number, required: true },
    reason: { type: String, required: true, enum: ReportReasons },
    text: { type: String, default: '' },
    createTime: { type: Number, required: true },
    handled: { type: Boolean, default: false },
    /** The decision that settled it (`report_decisions`). */
    decisionId: { type: String, default: '' },
  },
  { versionKey: false, collection: 'reports' },
);
export type ReportDoc = InferSchemaType<typeof ReportSchema> & { _id: string };
export const Report = mongoose.model('Report', ReportSchema);

/**
 * An item hidden pending review because enough members reported it, `_id` = `<targetType>:<targetId>`,
 * with the status it had: a dismissal shows it again, and only what the reports hid.
 */
const ReportHoldSchema = new Schema(
  {
    _id: { type: String, required: true },
    previousStatus: { type: Number, required: true },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'report_holds' },
);
export type ReportHoldDoc = InferSchemaType<typeof ReportHoldSchema> & { _id: string };
export const ReportHold = mongoose.model('ReportHold', ReportHoldSchema);

/**
 * A moderator's decision on an item's open reports, `_id` = `<targetType>-<targetId>-<time>` (no
 * ':', which the pending-event index uses as its separator); its `report.handled` event tells the
 * reporters.
 */
const ReportDecisionSchema = new Schema(
  {
    _id: { type: String, required: true },
    targetType: { type: String, required: true, enum: ReportTargetTypes },
    targetId: { type: Number, required: true },
    action: { type: String, required: true },
    actorId: { type: Number, required: true },
    reporterIds: { type: [Number], default: [] },
    createTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'report_decisions' },
);
ReportDecisionSchema.plugin(outboxPlugin);
export type ReportDecisionDoc = InferSchemaType<typeof ReportDecisionSchema> & { _id: string };
export const ReportDecision = mongoose.model('ReportDecision', ReportDecisionSchema);
registerOutboxModel(ReportDecision);

export const reportItemKey = (targetType: string, targetId: number) => `${targetType}:${targetId}`;
export const reportId = (targetType: string, targetId: number, userId: number) =>
  `${targetType}:${targetId}:${userId}`;
