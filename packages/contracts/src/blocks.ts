import { z } from 'zod';

/** Blocking (屏蔽) names one other member (docs/moderation.md). */
export const BlockTargetSchema = z.object({
  userId: z.number({ error: '请选择用户' }).int({ error: '请选择用户' }).positive({ error: '请选择用户' }),
});
export type BlockTarget = z.infer<typeof BlockTargetSchema>;

/** A member the reader blocked, as the account settings list them. */
export interface BlockedUser {
  id: number;
  nickname: string;
  avatar: string;
  /** When they were blocked (ms). */
  blockTime: number;
}
