import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@forum/core';
import { makeUser, startTestApi, type TestApi } from '../test/harness';
import { pngBytes, tempUploadDir, upload } from '../test/uploads-helpers';

let t: TestApi;
let uploads: Awaited<ReturnType<typeof tempUploadDir>>;
beforeAll(async () => {
  uploads = await tempUploadDir();
  t = await startTestApi({ UPLOAD_DIR: uploads.dir, BASE_URL: 'http://forum.test' });
});
afterAll(async () => {
  await t.close();
  await uploads.remove();
});

async function post(path: string, values: Record<string, string>, token?: string) {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { 'x-user-token': token } : {}),
    },
    body: new URLSearchParams(values).toString(),
  });
  return {
    status: response.status,
    body: response.status === 200 ? JSON.parse(await response.text()) : null,
  };
}

const failure = (message: string) => ({ errorCode: 0, message, data: null, success: false });
const success = { errorCode: 0, message: '', data: null, success: true };

describe('POST /api/user/edit/{id}', () => {
  it('updates nickname, home page and description of the signed-in user', async () => {
    const { user, token } = await makeUser();
    const { body } = await post(
      `/api/user/edit/${user._id}`,
      { nickname: '  语音小王  ', homePage: 'https://example.com/me', description: '做语音合成' },
      token,
    );
    expect(body).toEqual(success);
    const saved = await User.findById(user._id).lean();
    expect(saved).toMatchObject({
      nickname: '语音小王',
      homePage: 'https://example.com/me',
      description: '做语音合成',
    });
  });

  it('accepts an empty home page and description', async () => {
    const { user, token } = await makeUser({ homePage: 'https://old.example', description: '旧的' });
    const { body } = await post(`/api/user/edit/${user._id}`, { nickname: '小王' }, token);
    expect(body).toEqual(success);
    expect(await User.findById(user._id).lean()).toMatchObject({ homePage: '', description: '' });
  });

  it('refuses to edit someone else with 无权限 and changes nothing', async () => {
    const { token } = await makeUser();
    const other = await makeUser({ nickname: '别人' });
    const { body } = await post(`/api/user/edit/${other.user._id}`, { nickname: '改掉' }, token);
    expect(body).toEqual(failure('无权限'));
    expect((await User.findById(other.user._id).lean())?.nickname).toBe('别人');
  });

  it.each([
    [{ nickname: '   ' }, '昵称不能为空'],
    [{ nickname: '名'.repeat(17) }, '昵称不能超过16个字'],
    [{ nickname: '小王', homePage: 'example.com' }, '个人主页地址错误'],
    [{ nickname: '小王', homePage: 'javascript:alert(1)' }, '个人主页地址错误'],
    [{ nickname: '小王', description: '长'.repeat(201) }, '个人简介不能超过200个字'],
  ])('refuses %j with %s', async (values, message) => {
    const { user, token } = await makeUser({ nickname: '原名' });
    const { body } = await post(`/api/user/edit/${user._id}`, values, token);
    expect(body).toEqual(failure(message));
    expect((await User.findById(user._id).lean())?.nickname).toBe('原名');
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    const { user } = await makeUser();
    const { body } = await post(`/api/user/edit/${user._id}`, { nickname: '小王' });
    expect(body).toEqual({ errorCode: 1, message: '请先登录', data: null, success: false });
  });

  it('answers 404 for a non-numeric id, like bbs-go', async () => {
    const { token } = await makeUser();
    const { status } = await post('/api/user/edit/abc', { nickname: '小王' }, token);
    expect(status).toBe(404);
  });
});

describe('POST /api/user/update/avatar', () => {
  it('sets an avatar uploaded here and makes its square copies', async () => {
    const { user, token } = await makeUser();
    const { data } = await upload(t.baseUrl, await pngBytes(90, 60, '#a52'), { token });
    const { body } = await post('/api/user/update/avatar', { avatar: ` ${data.url} ` }, token);
    expect(body).toEqual(success);
    expect((await User.findById(user._id).lean())?.avatar).toBe(data.url);
    const key = (data.url as string).replace('http://forum.test/uploads/', '');
    const small = await sharp(await readFile(join(uploads.dir, key.replace('.png', '_50.png')))).metadata();
    expect(small).toMatchObject({ width: 50, height: 50 });
  });

  it('answers 头像不能为空 for a blank avatar', async () => {
    const { token } = await makeUser();
    expect((await post('/api/user/update/avatar', { avatar: '  ' }, token)).body).toEqual(
      failure('头像不能为空'),
    );
  });

  it.each([
    ['another site', `https://evil.example/uploads/images/2026/01/01/${'a'.repeat(64)}.png`],
    ['our folder but never uploaded', `http://forum.test/uploads/images/2026/01/01/${'a'.repeat(64)}.png`],
    ['not a URL', 'hello'],
  ])('refuses an avatar from %s', async (_name, avatar) => {
    const { user, token } = await makeUser({ avatar: '' });
    const { body } = await post('/api/user/update/avatar', { avatar }, token);
    expect(body).toEqual(failure('头像必须是本站上传的图片'));
    expect((await User.findById(user._id).lean())?.avatar).toBe('');
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    const { body } = await post('/api/user/update/avatar', { avatar: 'x' });
    expect(body).toMatchObject({ errorCode: 1, message: '请先登录' });
  });
});

describe('POST /api/user/set/background/image', () => {
  it('sets a background uploaded here', async () => {
    const { user, token } = await makeUser();
    const { data } = await upload(t.baseUrl, await pngBytes(120, 40, '#258'), { token });
    const { body } = await post('/api/user/set/background/image', { backgroundImage: data.url }, token);
    expect(body).toEqual(success);
    expect((await User.findById(user._id).lean())?.backgroundImage).toBe(data.url);
  });

  it('answers 请上传图片 for a blank value', async () => {
    const { token } = await makeUser();
    const { body } = await post('/api/user/set/background/image', { backgroundImage: '' }, token);
    expect(body).toEqual(failure('请上传图片'));
  });

  it('refuses an image from another site', async () => {
    const { user, token } = await makeUser();
    const { body } = await post(
      '/api/user/set/background/image',
      { backgroundImage: 'https://images.example/bg.jpg' },
      token,
    );
    expect(body).toEqual(failure('背景图片必须是本站上传的图片'));
    expect((await User.findById(user._id).lean())?.backgroundImage).toBe('');
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    const { body } = await post('/api/user/set/background/image', { backgroundImage: 'x' });
    expect(body).toMatchObject({ errorCode: 1, message: '请先登录' });
  });
});
