/** Test helpers for uploads and profiles: real images made with sharp, a temporary upload folder. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { uploadStorage } from '@forum/core';

export async function tempUploadDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'forum-uploads-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Every file under `dir`, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

export function pngBytes(width = 32, height = 24, colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A JPEG that carries an author, a copyright line and GPS data, as a phone photo would. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'exif-secret-copyright', Artist: 'exif-secret-artist' },
      IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' },
    })
    .toBuffer();
}

/** POST /api/upload with one file in the `image` field (or another field), as a browser sends it. */
export async function upload(
  baseUrl: string,
  bytes: Buffer,
  options: { token?: string; filename?: string; type?: string; field?: string; kind?: string } = {},
) {
  const body = new FormData();
  body.set(
    options.field ?? 'image',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.filename ?? 'a.png',
  );
  if (options.kind) body.set('kind', options.kind);
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    body,
    headers: options.token ? { 'x-user-token': options.token } : {},
  });
  return JSON.parse(await response.text());
}

/** Fetches an uploaded URL from the test API (BASE_URL points elsewhere in tests). */
export function fetchUploaded(baseUrl: string, url: string): Promise<Response> {
  return fetch(`${baseUrl}${new URL(url).pathname}`);
}

/** The URL of an image as our upload storage serves it (the file itself is not needed). */
export function uploadedImageUrl(): string {
  const hash = randomBytes(32).toString('hex');
  return `${uploadStorage().publicUrl.replace(/\/+$/, '')}/images/2024/05/01/${hash}.png`;
}
