import { z } from 'zod';

/** What can be liked. */
export const LikeEntityTypes = ['topic', 'article', 'comment'] as const;
export type LikeEntityType = (typeof LikeEntityTypes)[number];

/** Likers shown next to a topic (legacy `/api/topic/recentlikes/{id}`). */
export const RECENT_LIKERS = 5;

export const LikeTargetSchema = z.object({
  entityType: z.enum(LikeEntityTypes),
  entityId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type LikeTarget = z.infer<typeof LikeTargetSchema>;

/** Which of these entities the viewer liked (for lists). */
export const LikedAmongInputSchema = z.object({
  entityType: z.enum(LikeEntityTypes),
  entityIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(100),
});

/** A person who liked something, as our web app shows them. */
export interface Liker {
  id: number;
  nickname: string;
  avatar: string;
}
