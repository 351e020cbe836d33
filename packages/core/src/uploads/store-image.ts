/**
 * Turns uploaded bytes into a stored image. The bytes count as an image only when sharp decodes
 * them (names and browser-sent types are ignored), and what we store is our own re-encoding: no
 * EXIF/GPS or other metadata survives, and nothing but JPEG, PNG, WebP or GIF is ever written.
 */
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import {
  AVATAR_VARIANT_SIZES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_MAX_SIDE,
  UploadMessages,
  type ImageKind,
} from '@forum/contracts';
import { AppError } from '../errors';
import { uploadStorage } from './settings';
import { CONTENT_TYPE_OF_EXT, imageUrl, type UploadStorage } from './storage';

/** Decoding stops at this many pixels even if a header lied about the size. */
const MAX_PIXELS = UPLOAD_MAX_PIXELS;
/** A profile header never shows more than this; larger backgrounds are scaled down. */
const BACKGROUND_MAX_SIDE = 2560;

const EXT_OF_FORMAT = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' } as const;
type StoredFormat = keyof typeof EXT_OF_FORMAT;

export interface StoredImage {
  key: string;
  url: string;
  contentType: string;
  width: number;
  height: number;
  /** Square copies of an avatar, smallest first; empty for other kinds. */
  variants: { size: number; key: string; url: string }[];
}

export interface StoreImageOptions {
  kind: ImageKind;
  /** Defaults to the configured storage. */
  storage?: UploadStorage;
  now?: Date;
}

function refuse(message: string): never {
  throw new AppError('INVALID_INPUT', message);
}

function isStoredFormat(format: string | undefined): format is StoredFormat {
  return !!format && Object.hasOwn(EXT_OF_FORMAT, format);
}

/**
 * Every format keeps its own encoder. Animated GIF and WebP stay animated (sharp decodes all
 * frames with `animated: true`): people post reaction GIFs and expect them to move, and GIF is
 * still what every client can show. No `withMetadata()`/`keepMetadata()` anywhere, so sharp writes
 * no EXIF, XMP or ICC data (colours are converted to sRGB first).
 */
function encode(image: Sharp, format: StoredFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 85 });
    case 'gif':
      return image.gif();
  }
}

const decoder = (bytes: Buffer) => sharp(bytes, { animated: true, limitInputPixels: MAX_PIXELS });

/** `images/YYYY/MM/DD` in UTC, so the same day has the same folder on every machine. */
function dayFolder(now: Date): string {
  const iso = now.toISOString();
  return `images/${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)}`;
}

export async function storeImage(bytes: Buffer, options: StoreImageOptions): Promise<StoredImage> {
  const storage = options.storage ?? uploadStorage();
  if (bytes.length === 0) refuse(UploadMessages.missing);
  if (bytes.length > UPLOAD_MAX_BYTES) refuse(UploadMessages.tooLarge);

  // The header alone tells format and size; check both before decoding any pixel.
  const meta = await sharp(bytes, { animated: true, limitInputPixels: false })
    .metadata()
    .catch(() => refuse(UploadMessages.unsupported));
  if (!isStoredFormat(meta.format)) refuse(UploadMessages.unsupported);
  const format = meta.format;
  const frameHeight = meta.pageHeight ?? meta.height;
  const frames = meta.pages ?? 1;
  if (
    meta.width > UPLOAD_MAX_SIDE ||
    frameHeight > UPLOAD_MAX_SIDE ||
    meta.width * frameHeight * frames > MAX_PIXELS
  ) {
    refuse(UploadMessages.tooManyPixels);
  }

  let image = decoder(bytes).autoOrient();
  if (options.kind === 'background') {
    image = image.resize(BACKGROUND_MAX_SIDE, BACKGROUND_MAX_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  const { data, info } = await encode(image, format)
    .toBuffer({ resolveWithObject: true })
    .catch(() => refuse(UploadMessages.unsupported));

  const ext = EXT_OF_FORMAT[format];
  const contentType = CONTENT_TYPE_OF_EXT[ext]!;
  const base = `${dayFolder(options.now ?? new Date())}/${createHash('sha256').update(data).digest('hex')}`;
  const key = `${base}.${ext}`;
  await storage.put(key, data, contentType);
  const variants = options.kind === 'avatar' ? await storeAvatarVariants(storage, key, data, format) : [];
  return {
    key,
    url: imageUrl(storage, key),
    contentType,
    width: info.width,
    height: info.pageHeight ?? info.height,
    variants,
  };
}

/**
 * Writes the square copies of an avatar next to it (`<sha>_<size>.<ext>`, the names
 * `avatarUrlForSize` of contracts derives). `original` is our own re-encoding, so it decodes.
 */
export async function storeAvatarVariants(
  storage: UploadStorage,
  key: string,
  original: Buffer,
  format: StoredFormat,
): Promise<StoredImage['variants']> {
  const ext = EXT_OF_FORMAT[format];
  return Promise.all(
    AVATAR_VARIANT_SIZES.map(async (size) => {
      const resized = await encode(decoder(original).resize(size, size, { fit: 'cover' }), format).toBuffer();
      const variantKey = key.replace(/\.\w+$/, `_${size}.${ext}`);
      await storage.put(variantKey, resized, CONTENT_TYPE_OF_EXT[ext]!);
      return { size, key: variantKey, url: imageUrl(storage, variantKey) };
    }),
  );
}

/** For an avatar chosen by URL: (re)creates its square copies from the stored original. */
export async function ensureAvatarVariants(storage: UploadStorage, key: string): Promise<boolean> {
  const original = await storage.get(key);
  if (!original) return false;
  const { format } = await sharp(original).metadata();
  if (!isStoredFormat(format)) return false;
  await storeAvatarVariants(storage, key, original, format);
  return true;
}
