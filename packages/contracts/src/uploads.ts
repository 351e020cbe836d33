import { z } from 'zod';

/**
 * What an uploaded image is for. Avatars also get small square copies; backgrounds are scaled down
 * to a size a profile header needs.
 */
export const ImageKindSchema = z.enum(['image', 'avatar', 'background']);
export type ImageKind = z.infer<typeof ImageKindSchema>;

export const UploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** Upload limits (ARCHITECTURE.md "Accounts and security"; legacy Appendix A #5 fixed). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side we decode; larger images are refused before decoding (decompression bombs). */
export const UPLOAD_MAX_SIDE = 8000;
/**
 * Most pixels we decode (a 48-megapixel phone photo, 8000×6000, passes): an 8000×8000 PNG of one
 * colour is 62 KB on the wire and 256 MB once decoded, so it is refused from its header alone.
 */
export const UPLOAD_MAX_PIXELS = 50_000_000;

/** Avatar sizes the UI asks for are 20–150 px (default 50); these square copies serve them. */
export const AVATAR_VARIANT_SIZES = [50, 150] as const;
export const DEFAULT_AVATAR_SIZE = 50;

/** The texts users see when an upload is refused, defined once. */
export const UploadMessages = {
  missing: '请上传图片',
  tooLarge: '图片不能超过10M',
  unsupported: '图片格式不支持，请上传 JPG、PNG、WebP 或 GIF 图片',
  tooManyPixels: `图片尺寸过大，宽高不能超过${UPLOAD_MAX_SIDE}像素，总像素不能超过${UPLOAD_MAX_PIXELS / 10_000}万`,
} as const;

/** Keys our storage writes: `images/YYYY/MM/DD/<sha256>.<ext>`, avatar copies `<sha256>_<size>.<ext>`. */
const OUR_IMAGE_PATH = /\/images\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{64}\.(jpg|png|webp|gif)$/;

/**
 * The URL of an avatar for a display size: our uploads have square copies at
 * AVATAR_VARIANT_SIZES, so the smallest copy not smaller than `size` is used. Any other URL (a
 * third-party avatar, an empty string) is returned unchanged.
 */
export function avatarUrlForSize(avatar: string, size: number = DEFAULT_AVATAR_SIZE): string {
  if (!OUR_IMAGE_PATH.test(avatar)) return avatar;
  const variant = AVATAR_VARIANT_SIZES.find((candidate) => candidate >= size) ?? AVATAR_VARIANT_SIZES.at(-1)!;
  return avatar.replace(/\.(jpg|png|webp|gif)$/, `_${variant}.$1`);
}
