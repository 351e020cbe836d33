import { UploadMessages, type ImageKind, type UploadResult } from '@forum/contracts';
import { AppError } from '../errors';
import { hitRateLimit } from '../rate-limit';
import { assertCanPost } from '../moderation/post-guard';
import type { UserDoc } from '../users/model';
import { storeImage } from './store-image';

/** Per user, and per IP for several accounts behind one address (a lab, a school network). */
const UPLOADS_PER_USER = 30;
const UPLOADS_PER_IP = 100;
const WINDOW_SECONDS = 600;

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
  await hitRateLimit('upload', `user:${user._id}`, UPLOADS_PER_USER, WINDOW_SECONDS);
  if (ip) await hitRateLimit('upload', `ip:${ip}`, UPLOADS_PER_IP, WINDOW_SECONDS);
  if (!bytes?.length) throw new AppError('INVALID_INPUT', UploadMessages.missing);
  const stored = await storeImage(bytes, { kind });
  return { url: stored.url };
}
