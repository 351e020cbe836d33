import { z } from 'zod';
import {
  MAX_MUTE_DAYS,
  MuteDays,
  REPORT_TEXT_MAX_LENGTH,
  ReportActions,
  ReportReasons,
  ReportTargetTypes,
  type ReportReason,
  type ReportTargetType,
} from './constants';

export const ReportTargetTypeSchema = z.enum(ReportTargetTypes, { error: '举报对象错误' });

const targetId = z
  .number({ error: '举报对象错误' })
  .int({ error: '举报对象错误' })
  .positive({ error: '举报对象错误' });

/** Input of `reports.create`: a reason, and a text that "other" needs. */
export const CreateReportInputSchema = z
  .object({
    targetType: ReportTargetTypeSchema,
    targetId,
    reason: z.enum(ReportReasons, { error: '请选择举报原因' }),
    text: z
      .string()
      .trim()
      .max(REPORT_TEXT_MAX_LENGTH, { error: `举报说明不能超过${REPORT_TEXT_MAX_LENGTH}个字符` })
      // FerretDB stores no NUL characters.
      .transform((text) => text.replaceAll('\u0000', ''))
      .default(''),
  })
  .refine((input) => input.reason !== 'other' || input.text !== '', {
    error: '请填写举报说明',
    path: ['text'],
  });
export type CreateReportInput = z.input<typeof CreateReportInputSchema>;
export type CreateReportCommand = z.output<typeof CreateReportInputSchema>;

/** Input of `adminReports.handle`; `days` (mute only) as `mute.set` takes it, without lifting. */
export const HandleReportInputSchema = z
  .object({
    targetType: ReportTargetTypeSchema,
    targetId,
    action: z.enum(ReportActions, { error: '处理方式错误' }),
    days: z
      .number({ error: '禁言时间错误' })
      .int({ error: '禁言时间错误' })
      .min(MuteDays.Permanent, { error: '禁言时间错误' })
      .max(MAX_MUTE_DAYS, { error: `禁言时间不能超过${MAX_MUTE_DAYS}天` })
      .optional(),
  })
  .refine((input) => input.action !== 'mute' || (input.days !== undefined && input.days !== 0), {
    error: '请选择禁言时长',
    path: ['days'],
  });
export type HandleReportInput = z.input<typeof HandleReportInputSchema>;
export type HandleReportCommand = z.output<typeof HandleReportInputSchema>;

export const ReportQueueInputSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
});
export type ReportQueueInput = z.input<typeof ReportQueueInputSchema>;

/** One report of an item in the console's queue. */
export interface ReportEntry {
  reporter: { id: number; nickname: string };
  reason: ReportReason;
  text: string;
  createTime: number;
}

/** A reported item in the console's queue, with its open reports. */
export interface ReportQueueItem {
  targetType: ReportTargetType;
  targetId: number;
  count: number;
  /** How many reports give each reason. */
  reasons: Record<ReportReason, number>;
  reports: ReportEntry[];
  /** Hidden pending review (reported by as many members as `reportHideThreshold`). */
  hidden: boolean;
  latestTime: number;
  /** The item in context; `exists` false once it is gone. */
  target: {
    exists: boolean;
    /** A topic's type (0 topic, 1 tweet); 0 otherwise. */
    topicType: number;
    title: string;
    excerpt: string;
    url: string;
    author: { id: number; nickname: string } | null;
  };
}
