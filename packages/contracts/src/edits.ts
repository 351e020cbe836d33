import { z } from 'zod';
import type { Author } from './users';

/**
 * Editing one's own comments and tweets after posting (topics and articles have their own edit
 * forms). Members edit within the site's `contentEditMinutes` of posting; moderators at any time.
 * Each edit keeps the replaced text, which moderators read as the item's history.
 */
export const EditKinds = ['comment', 'tweet'] as const;
export type EditKind = (typeof EditKinds)[number];

const itemId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** One comment or tweet. */
export const EditTargetSchema = z.object({ kind: z.enum(EditKinds), id: itemId });
export type EditTarget = z.infer<typeof EditTargetSchema>;

/**
 * The new text (images stay as they are). The bound only keeps absurd requests out; the service
 * checks the real limits with the texts of creation ("评论内容不能超过5000个字符").
 */
export const EditContentInputSchema = EditTargetSchema.extend({ content: z.string().max(200_000) });
export type EditContentInput = z.infer<typeof EditContentInputSchema>;

/** What the inline editor starts from: the text as written, and until when the caller may edit. */
export interface EditSource {
  kind: EditKind;
  id: number;
  content: string;
  /** The end of the caller's edit window; 0 when they may edit at any time (moderators). */
  editableUntil: number;
}

/** One text an item had: who wrote it and when (its posting or the edit that wrote it). */
export interface EditVersion {
  content: string;
  time: number;
  user: Author;
}

/** An item's texts, newest first: the current one, then each replaced one. */
export interface EditHistory {
  kind: EditKind;
  id: number;
  versions: EditVersion[];
}
