import { UploadMessages, type ImageKind, type UploadResult } from '@forum/contracts';
import { AppError } from '../errors';
import { hitRateLimit } from '../rate-limit';
import { assertCanPost } from '../policies';
import type { RequestContext } from '../request-context';
import { storeImage } from './store-image';

export interface UploadImageInput {
  /** The file's bytes; none is "missing". */
  bytes: Buffer | undefined;
  /** What the image is for (its size limits); a plain image by default. */
  kind?: ImageKind;
}

/** A signed-in user uploads an image (legacy POST /api/upload, "post" level: muted users cannot). */
export async function uploadImage(
  ctx: RequestContext,
  { bytes, kind = 'image' }: UploadImageInput,
): Promise<UploadResult> {
  const user = await assertCanPost(ctx.actor);
  // Counted before decoding, so refused files cost an attacker their quota too.
  await hitRateLimit('upload-user', user._id);
  if (ctx.ip) await hitRateLimit('upload-ip', ctx.ip);
  if (!bytes?.length) throw new AppError('INVALID_INPUT', UploadMessages.missing);
  const stored = await storeImage(bytes, { kind });
  return { url: stored.url };
}
