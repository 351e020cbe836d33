import {
  MENTION_SUGGESTIONS_MAX,
  MentionSuggestInputSchema,
  type MentionSuggestInput,
  type MentionSuggestion,
} from '@forum/contracts';
import { AppError } from '../errors';
import { authorize } from '../policies';
import { hitRateLimit } from '../rate-limit';
import { mentionCandidates, readUsers } from '../read-model/users';
import type { RequestContext } from '../request-context';
import { presentUserCard } from '../users/presenters';

/**
 * The members the editors' `@` list offers for `prefix`: those whose username or nickname starts
 * with it (any case), from the read model's `@` index (one `ZRANGE BYLEX` and one read of the
 * users), never the caller, disabled members, or members without a username. Signed-in members
 * only (`suggestMentions`), rate limited (`mention-suggest`).
 */
export async function suggestMembers(
  ctx: RequestContext,
  input: MentionSuggestInput,
): Promise<MentionSuggestion[]> {
  const actor = authorize(ctx.actor, 'suggestMentions');
  const parsed = MentionSuggestInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', undefined, { cause: parsed.error });
  await hitRateLimit('mention-suggest', actor._id);
  // One more than shown: the caller may be among them.
  const ids = await mentionCandidates(parsed.data.prefix, MENTION_SUGGESTIONS_MAX + 1);
  const users = await readUsers(ids);
  return ids
    .flatMap((id) => {
      const user = users.get(id);
      if (!user || id === actor._id || user.status !== 0 || !user.username) return [];
      const card = presentUserCard(user);
      return [
        { id, username: user.username, nickname: card.nickname, avatar: card.smallAvatar || card.avatar },
      ];
    })
    .slice(0, MENTION_SUGGESTIONS_MAX);
}
