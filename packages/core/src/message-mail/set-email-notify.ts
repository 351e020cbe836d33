import { saveUserFields } from '../users/update-profile';
import type { RequestContext } from '../request-context';
import type { UserDoc } from '../users/model';
import { signedIn } from '../policies';

/** The actor turns e-mail notices of their messages on or off. */
export async function setEmailNotify(ctx: RequestContext, emailNotify: boolean): Promise<UserDoc> {
  return saveUserFields(signedIn(ctx.actor)._id, { emailNotify });
}
