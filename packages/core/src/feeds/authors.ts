import { usersByIds } from '../users/users';

/**
 * Public names of the given users. Only the nickname and username are kept, so an e-mail address
 * cannot reach a feed even by mistake (bbs-go published e-mails and avatar URLs, docs/legacy-api.md Appendix A #12).
 */
export async function authorNames(userIds: number[]): Promise<Map<number, string>> {
  const users = await usersByIds(userIds);
  return new Map(
    [...users.values()].flatMap((user) => {
      const name = user.nickname?.trim() || user.username?.trim();
      return name ? [[user._id, name] as const] : [];
    }),
  );
}
