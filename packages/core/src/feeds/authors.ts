import { User } from '../users/model';

/**
 * Public names of the given users. Only the nickname and username are read, so an e-mail address
 * cannot reach a feed even by mistake (bbs-go published e-mails and avatar URLs, Appendix A #12).
 */
export async function authorNames(userIds: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return new Map();
  const users = await User.find({ _id: { $in: unique } }, { nickname: 1, username: 1 }).lean<
    { _id: number; nickname?: string | null; username?: string | null }[]
  >();
  return new Map(
    users.flatMap((user) => {
      const name = user.nickname?.trim() || user.username?.trim();
      return name ? [[user._id, name] as const] : [];
    }),
  );
}
