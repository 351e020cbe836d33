import { UploadMessages, Texts } from '@forum/contracts';
import { AppError } from '../errors';
import type { UserDoc } from './model';
import type { RequestContext } from '../request-context';
import { uploadStorage } from '../uploads/settings';
import { imageUrl, uploadedKeyOf } from '../uploads/storage';
import { ensureAvatarVariants } from '../uploads/store-image';
import { saveUserFields } from './update-profile';
import { signedIn } from '../policies';

/**
 * Sets the avatar to an image uploaded here (legacy POST /api/user/update/avatar). A URL from
 * elsewhere is refused: it would let anyone point every page that shows the user at a tracking
 * pixel or an unchecked file. The square copies are made here, because legacy clients upload the
 * avatar through the plain image endpoint first.
 */
export async function setAvatar(ctx: RequestContext, avatar: string): Promise<UserDoc> {
  const user = signedIn(ctx.actor);
  const url = avatar.trim();
  if (!url) throw new AppError('INVALID_INPUT', Texts.users.avatarRequired);
  const storage = uploadStorage();
  const key = uploadedKeyOf(storage, url);
  if (!key || !(await ensureAvatarVariants(storage, key)))
    throw new AppError('INVALID_INPUT', Texts.users.avatarNotOurs);
  return saveUserFields(user._id, { avatar: imageUrl(storage, key) });
}

/** Sets the profile background to an image uploaded here (legacy POST /api/user/set/background/image). */
export async function setBackgroundImage(ctx: RequestContext, backgroundImage: string): Promise<UserDoc> {
  const user = signedIn(ctx.actor);
  const url = backgroundImage.trim();
  if (!url) throw new AppError('INVALID_INPUT', UploadMessages.missing);
  const storage = uploadStorage();
  const key = uploadedKeyOf(storage, url);
  if (!key || !(await storage.get(key))) throw new AppError('INVALID_INPUT', Texts.users.backgroundNotOurs);
  return saveUserFields(user._id, { backgroundImage: imageUrl(storage, key) });
}
