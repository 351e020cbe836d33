import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UploadMessages } from '@forum/contracts';
import { buildUser, signedIn } from '@forum/core/testing';
import { useTestApiWithUploads } from '../test/harness';
import { fetchUploaded, filesUnder, jpegWithExif, pngBytes, upload } from '../test/uploads-helpers';

const t = useTestApiWithUploads();

const keyOf = (url: string) => url.replace('http://forum.test/uploads/', '');

describe('POST /api/upload', () => {
  it('stores a PNG and answers {url} under BASE_URL/uploads; GET serves it as image/png', async () => {
    const { token } = await signedIn(buildUser());
    const bytes = await pngBytes(32, 24);
    const body = await upload(t.baseUrl, bytes, { token });
    expect(Object.keys(body)).toEqual(['errorCode', 'message', 'data', 'success']);
    expect(body).toMatchObject({ errorCode: 0, message: '', success: true });
    expect(Object.keys(body.data)).toEqual(['url']);
    expect(body.data.url).toMatch(
      /^http:\/\/forum\.test\/uploads\/images\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{64}\.png$/,
    );

    const served = await fetchUploaded(t.baseUrl, body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 32, height: 24 });
  });

  it('strips EXIF (author, GPS) from a JPEG photo', async () => {
    const { token } = await signedIn(buildUser());
    const photo = await jpegWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const body = await upload(t.baseUrl, photo, { token, filename: 'photo.jpg', type: 'image/jpeg' });
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(/\.jpg$/);
    const stored = await readFile(join(t.uploadDir, keyOf(body.data.url)));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('exif-secret')).toBe(false);
    const served = await fetchUploaded(t.baseUrl, body.data.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a text file named .png and writes nothing', async () => {
    const { token } = await signedIn(buildUser());
    const before = await filesUnder(t.uploadDir);
    const body = await upload(t.baseUrl, Buffer.from('just some text, not a picture'), {
      token,
      filename: 'notes.png',
      type: 'image/png',
    });
    expect(body).toEqual({ errorCode: 0, message: UploadMessages.unsupported, data: null, success: false });
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('refuses a file over 10 MB with 图片不能超过10M and writes nothing', async () => {
    const { token } = await signedIn(buildUser());
    const before = await filesUnder(t.uploadDir);
    const body = await upload(t.baseUrl, Buffer.alloc(10 * 1024 * 1024 + 1, 1), { token });
    expect(body).toEqual({ errorCode: 0, message: '图片不能超过10M', data: null, success: false });
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('answers 请上传图片 when no image field is sent', async () => {
    const { token } = await signedIn(buildUser());
    const body = await upload(t.baseUrl, await pngBytes(), { token, field: 'file' });
    expect(body).toEqual({ errorCode: 0, message: '请上传图片', data: null, success: false });
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    const body = await upload(t.baseUrl, await pngBytes());
    expect(body).toEqual({ errorCode: 1, message: '请先登录', data: null, success: false });
  });

  it('refuses a muted user (errorCode 1001)', async () => {
    const { token } = await signedIn(buildUser({ forbiddenEndTime: Date.now() + 86_400_000 }));
    const before = await filesUnder(t.uploadDir);
    const body = await upload(t.baseUrl, await pngBytes(), { token });
    expect(body).toEqual({ errorCode: 1001, message: '已被禁言', data: null, success: false });
    expect(await filesUnder(t.uploadDir)).toEqual(before);
  });

  it('stores avatar copies when the web app says the image is an avatar', async () => {
    const { token } = await signedIn(buildUser());
    const body = await upload(t.baseUrl, await pngBytes(200, 120, '#17a'), { token, kind: 'avatar' });
    const key = keyOf(body.data.url);
    for (const size of [50, 150]) {
      const meta = await sharp(
        await readFile(join(t.uploadDir, key.replace('.png', `_${size}.png`))),
      ).metadata();
      expect(meta).toMatchObject({ width: size, height: size });
    }
  });

  it('allows 30 uploads per user in ten minutes, then answers 操作过于频繁', async () => {
    const { token } = await signedIn(buildUser());
    for (let i = 0; i < 30; i += 1) {
      const body = await upload(t.baseUrl, await pngBytes(8, 8, `#0${(i % 10).toString()}0`), { token });
      expect(body.success).toBe(true);
    }
    const body = await upload(t.baseUrl, await pngBytes(), { token });
    expect(body).toEqual({ errorCode: 0, message: '操作过于频繁，请稍后再试', data: null, success: false });
    const other = await signedIn(buildUser());
    expect((await upload(t.baseUrl, await pngBytes(), { token: other.token })).success).toBe(true);
  });
});

describe('GET /uploads', () => {
  it('answers 404 for a missing file and never serves outside the upload folder', async () => {
    expect((await fetch(`${t.baseUrl}/uploads/images/2020/01/01/nothing.png`)).status).toBe(404);
    // '..' after decoding is refused by serve-static (403); fetch would normalise a literal '..'.
    const response = await fetch(`${t.baseUrl}/uploads/..%2f..%2fpackage.json`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('"name"');
  });
});
