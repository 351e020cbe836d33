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
  /** While muted: when it ends (-1 never, else ms) and the reason given; null when not muted. */
  mute: z.object({ endTime: z.number().int(), reason: z.string() }).nullable(),
  can: SiteAbilitiesSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** A poster as our web app shows them beside a topic, article or comment. */
export interface Author {
  id: number;
  nickname: string;
  avatar: string;
  /** The level from points and its title (0 and '' when unknown). */
  level: number;
  levelTitle: string;
}
