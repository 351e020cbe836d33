import { type AdminUserCreate } from '@forum/contracts';
import { checkNewAccount, insertAccount } from '../users/new-account';
import type { RequestContext } from '../request-context';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';
import { getUserForAdmin } from './users';

/**
 * The owner creates an account (legacy `user/create`): sign-up's checks and texts (e-mail
 * required), without a captcha or the sign-up e-mail whitelist. The operation log names the owner.
 */
export async function createUserByAdmin(ctx: RequestContext, input: AdminUserCreate): Promise<UserDoc> {
  const user = authorize(ctx.actor, 'administer');
  const account = { ...input, rePassword: input.password };
  await checkNewAccount(account, []);
  const created = await insertAccount(account, {
    source: 'admin',
    actorId: user._id,
    ...(ctx.ip ? { ip: ctx.ip.slice(0, 128) } : {}),
    ...(ctx.userAgent ? { userAgent: ctx.userAgent.slice(0, 1024) } : {}),
  });
  return getUserForAdmin(ctx, created._id);
}
