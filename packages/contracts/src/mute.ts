import { z } from 'zod';
import { MAX_MUTE_DAYS, MAX_MUTE_REASON_LENGTH, MuteDays } from './constants';

/**
 * Input of POST /api/user/forbidden and `mute.set`. `days`: N > 0 mutes for N days, -1 for
 * ever, 0 lifts the mute. Texts are the legacy ones where bbs-go has one (docs/legacy-api.md §1.5).
 */
export const MuteInputSchema = z.object({
  userId: z
    .number({ error: '请传入：userId' })
    .int({ error: '请传入：userId' })
    .positive({ error: '请传入：userId' }),
  days: z
    .number({ error: (issue) => (issue.input === undefined ? '请传入：days' : '禁言时间错误') })
    .int({ error: '禁言时间错误' })
    .min(MuteDays.Permanent, { error: '禁言时间错误' })
    .max(MAX_MUTE_DAYS, { error: `禁言时间不能超过${MAX_MUTE_DAYS}天` }),
  reason: z
    .string({ error: '禁言原因格式错误' })
    .trim()
    .max(MAX_MUTE_REASON_LENGTH, { error: `禁言原因不能超过${MAX_MUTE_REASON_LENGTH}个字符` })
    // FerretDB stores no NUL characters.
    .transform((reason) => reason.replaceAll('\u0000', ''))
    .default(''),
});
export type MuteInput = z.input<typeof MuteInputSchema>;
export type MuteCommand = z.output<typeof MuteInputSchema>;

/** Whether a user may post now, and if not why (the legacy "CheckPostStatus" outcome). */
export type PostStatus =
  | { canPost: true }
  | {
      canPost: false;
      code: 'NOT_SIGNED_IN' | 'USER_DISABLED' | 'USER_MUTED' | 'OBSERVATION_PERIOD';
      message: string;
    };
