import { UploadMessages, type ImageKind, type UploadResult } from '@forum/contracts';
import { AppError } from '../errors';
import { hitRateLimit } from '../rate-limit';
import { assertCanPost } from '../policies';
import type { UserDoc } from '../users/model';
import { storeImage } from './store-image';

export interface UploadImageInput {
  user: UserDoc;
  ip?: string | undefined;
  bytes: Buffer | undefined;
  kind?: ImageKind;
}

/** A signed-in user uploads an image (legacy POST /api/upload, "post" level: muted users cannot). */
export async function uploadImage({
  user,
  ip,
  bytes,
  kind = 'image',
}: UploadImageInput): Promise<UploadResult> {
  await assertCanPost(user);
  // Counted before decoding, so refused files cost an attacker their quota too.
  await hitRateLimit('upload-user', user._id);
  if (ip) await hitRateLimit('upload-ip', ip);
  if (!bytes?.length) throw new AppError('INVALID_INPUT', UploadMessages.missing);
  const stored = await storeImage(bytes, { kind });
  return { url: stored.url };
}
