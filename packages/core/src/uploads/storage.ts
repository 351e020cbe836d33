/**
 * Where uploaded images live. The service writes through this port; a local-disk adapter is the
 * default and an S3-compatible one serves deployments with several API machines.
 */
export interface UploadStorage {
  /** Writes an object; the same key always carries the same bytes (keys are content hashes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes of an object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The public URL under which keys are readable: `<publicUrl>/<key>`. */
  readonly publicUrl: string;
}

/** `images/YYYY/MM/DD/<sha256>.<ext>` and avatar copies `…/<sha256>_<size>.<ext>`. */
const IMAGE_KEY = /^images\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{64}(?:_\d{1,4})?\.(?:jpg|png|webp|gif)$/;
const ORIGINAL_KEY = /^images\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{64}\.(?:jpg|png|webp|gif)$/;

/** Storage adapters only touch keys of this shape, so no input can address anything else. */
export function isImageKey(key: string): boolean {
  return IMAGE_KEY.test(key);
}

export function imageUrl(storage: UploadStorage, key: string): string {
  return joinUrl(storage.publicUrl, key);
}

/**
 * The key of an uploaded original when `url` is one this storage serves, else null. Profiles only
 * point at our own uploads: those were decoded, size-checked and stripped of metadata.
 */
export function uploadedKeyOf(storage: UploadStorage, url: string): string | null {
  const base = `${storage.publicUrl.replace(/\/+$/, '')}/`;
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return ORIGINAL_KEY.test(key) ? key : null;
}

export const CONTENT_TYPE_OF_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** `base` + '/' + key, with exactly one slash between them. */
export function joinUrl(base: string, key: string): string {
  return `${base.replace(/\/+$/, '')}/${key}`;
}
