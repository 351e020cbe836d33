import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadMessages, avatarUrlForSize } from '@forum/contracts';
import { createLocalStorage } from './local-storage';
import { uploadedKeyOf, type UploadStorage } from './storage';
import { ensureAvatarVariants, storeImage } from './store-image';

let dir: string;
let storage: UploadStorage;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uploads-'));
  storage = createLocalStorage({ dir, publicUrl: 'https://forum.example/uploads' });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });

const jpegWithExif = () =>
  solid(64, 48)
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'secret-artist' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();

describe('storeImage', () => {
  it('re-encodes a JPEG without its EXIF data under images/YYYY/MM/DD/<sha256>.jpg', async () => {
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const stored = await storeImage(input, { kind: 'image', storage, now: new Date('2026-03-04T05:06:07Z') });

    expect(stored.key).toMatch(/^images\/2026\/03\/04\/[0-9a-f]{64}\.jpg$/);
    expect(stored.url).toBe(`https://forum.example/uploads/${stored.key}`);
    const written = await readFile(join(dir, stored.key));
    const meta = await sharp(written).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(written.includes('secret-owner')).toBe(false);
  });

  it('names a file by the hash of what it stores, so the same image is stored once', async () => {
    const input = await solid(10, 10).png().toBuffer();
    const first = await storeImage(input, { kind: 'image', storage });
    const second = await storeImage(input, { kind: 'image', storage });
    expect(second.key).toBe(first.key);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('refuses bytes that are not an image, whatever they are called, and writes nothing', async () => {
    await expect(
      storeImage(Buffer.from('GIF89a but really text'), { kind: 'image', storage }),
    ).rejects.toThrow(UploadMessages.unsupported);
    await expect(
      storeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), {
        kind: 'image',
        storage,
      }),
    ).rejects.toThrow(UploadMessages.unsupported);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a file over 10 MB before looking at it', async () => {
    await expect(storeImage(Buffer.alloc(10 * 1024 * 1024 + 1), { kind: 'image', storage })).rejects.toThrow(
      '图片不能超过10M',
    );
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses an 8000×8000 PNG of a few dozen KB from its header, before decoding a pixel', async () => {
    const bomb = await solid(8000, 8000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(300 * 1024);
    await expect(storeImage(bomb, { kind: 'image', storage })).rejects.toThrow(UploadMessages.tooManyPixels);
    // The same header over pixel data cut short: decoding would fail as "unsupported", so the
    // refusal for its size shows that nothing past the header was read.
    const truncated = bomb.subarray(0, 200);
    await expect(storeImage(truncated, { kind: 'image', storage })).rejects.toThrow(
      UploadMessages.tooManyPixels,
    );
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses an image wider than 8000 pixels without decoding it', async () => {
    const wide = await solid(8001, 2).png().toBuffer();
    await expect(storeImage(wide, { kind: 'image', storage })).rejects.toThrow(UploadMessages.tooManyPixels);
    expect(await storedFiles()).toEqual([]);
  });

  it('keeps an animated GIF animated', async () => {
    const frames = await Promise.all(
      ['#f00', '#00f'].map((colour) =>
        sharp({ create: { width: 20, height: 10, channels: 4, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const stored = await storeImage(gif, { kind: 'image', storage });
    expect(stored.key).toMatch(/\.gif$/);
    const meta = await sharp(await readFile(join(dir, stored.key)), { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 2, width: 20, pageHeight: 10 });
  });

  it('stores square copies of an avatar at the sizes the UI uses', async () => {
    const stored = await storeImage(await solid(300, 200).png().toBuffer(), { kind: 'avatar', storage });
    expect(stored.variants.map((variant) => variant.size)).toEqual([50, 150]);
    for (const variant of stored.variants) {
      const meta = await sharp(await readFile(join(dir, variant.key))).metadata();
      expect(meta).toMatchObject({ format: 'png', width: variant.size, height: variant.size });
    }
    expect(avatarUrlForSize(stored.url, 20)).toBe(stored.variants[0]!.url);
    expect(avatarUrlForSize(stored.url, 100)).toBe(stored.variants[1]!.url);
    expect(avatarUrlForSize(stored.url)).toBe(stored.variants[0]!.url);
    expect(avatarUrlForSize('https://avatars.example/u/1.png', 50)).toBe('https://avatars.example/u/1.png');
  });

  it('makes avatar copies later for an image uploaded as a plain image', async () => {
    const stored = await storeImage(await solid(80, 80).jpeg().toBuffer(), { kind: 'image', storage });
    expect(await storedFiles()).toHaveLength(1);
    expect(await ensureAvatarVariants(storage, stored.key)).toBe(true);
    expect(await storedFiles()).toHaveLength(3);
  });

  it('scales a large background down to 2560 pixels', async () => {
    const stored = await storeImage(await solid(3000, 300).png().toBuffer(), { kind: 'background', storage });
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 2560, height: 256 });
  });
});

describe('uploadedKeyOf', () => {
  it.each([
    ['https://forum.example/uploads/images/2026/01/02/' + 'a'.repeat(64) + '.png', true],
    ['https://forum.example/uploads/images/2026/01/02/' + 'a'.repeat(64) + '_50.png', false],
    ['https://evil.example/uploads/images/2026/01/02/' + 'a'.repeat(64) + '.png', false],
    ['https://forum.example/uploads/../secret/2026/01/02/' + 'a'.repeat(64) + '.png', false],
    ['https://forum.example/uploads.evil.example/images/2026/01/02/' + 'a'.repeat(64) + '.png', false],
    ['javascript:alert(1)', false],
  ])('%s is ours: %s', (url, ours) => {
    expect(uploadedKeyOf(storage, url) !== null).toBe(ours);
  });
});
