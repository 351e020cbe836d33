import { z } from 'zod';
import { SiteAbilitiesSchema } from './abilities';

/** What the web app knows about the signed-in user. Issue-level features extend it. */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  forbidden: z.boolean(),
  can: SiteAbilitiesSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
