import { z } from 'zod';
import { MENTION_PREFIX_MAX_LENGTH } from './constants';

/** What the editors' `@` list asks for: members whose username or nickname starts with `prefix`. */
export const MentionSuggestInputSchema = z.object({
  prefix: z.string().trim().min(1).max(MENTION_PREFIX_MAX_LENGTH),
});
export type MentionSuggestInput = z.input<typeof MentionSuggestInputSchema>;

/** One member the `@` list offers; picking them inserts `@username`. */
export interface MentionSuggestion {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
}
