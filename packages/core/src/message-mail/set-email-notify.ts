import { saveUserFields } from '../users/update-profile';
import type { UserDoc } from '../users/model';

/** A user turns e-mail notices of their messages on or off. */
export function setEmailNotify(actor: UserDoc, emailNotify: boolean): Promise<UserDoc> {
  return saveUserFields(actor._id, { emailNotify });
}
