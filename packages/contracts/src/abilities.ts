import { z } from 'zod';

/**
 * What the viewer may do, sent with what they view (Outline's `presentPolicies`): the web app shows
 * a control when its ability is true and never works roles out itself. A visitor may do none of it.
 */

/** Site-wide abilities of the signed-in user. */
export const SiteAbilitiesSchema = z.object({
  /** The admin console. */
  enterAdmin: z.boolean(),
  /** The owner's part of it: site settings, nodes, tags, accounts and roles. */
  administer: z.boolean(),
  /** Muting for ever. */
  muteForever: z.boolean(),
});
export type SiteAbilities = z.infer<typeof SiteAbilitiesSchema>;

/** On a user's public page. */
export const ProfileAbilitiesSchema = z.object({
  mute: z.boolean(),
  unmute: z.boolean(),
});
export type ProfileAbilities = z.infer<typeof ProfileAbilitiesSchema>;

export interface TopicAbilities {
  edit: boolean;
  delete: boolean;
  recommend: boolean;
  sticky: boolean;
}

export interface ArticleAbilities {
  edit: boolean;
  delete: boolean;
}
