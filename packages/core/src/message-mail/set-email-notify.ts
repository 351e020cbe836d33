import { saveUserFields } from '../users/update-profile';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import type { UserDoc } from '../users/model';

/** The actor turns e-mail notices of their messages on or off. */
export async function setEmailNotify(ctx: RequestContext, emailNotify: boolean): Promise<UserDoc> {
  if (!ctx.actor) throw new AppError('NOT_SIGNED_IN');
  return saveUserFields(ctx.actor._id, { emailNotify });
}
