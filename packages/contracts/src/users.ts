import { z } from 'zod';

export const UserRole = { Owner: 'owner', Admin: 'admin' } as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

/** What the web app knows about the signed-in user. Issue-level features extend it. */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  forbidden: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** The signature shown for a user who wrote none (legacy UserInfo rule). */
export const DEFAULT_DESCRIPTION = '这家伙很懒，什么都没留下';
