import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { User } from '@forum/core';
import { buildUser, signedIn } from '@forum/core/testing';
import { legacyPost, postForm, refusal, success } from '../test/client';
import { useTestApiWithUploads } from '../test/harness';
import { pngBytes, upload } from '../test/uploads-helpers';

const t = useTestApiWithUploads();

describe('POST /api/user/edit/{id}', () => {
  it('updates nickname, home page and description of the signed-in user', async () => {
    const { user, token } = await signedIn(buildUser());
    const body = await legacyPost(
      t,
      `/api/user/edit/${user._id}`,
      { nickname: '  语音小王  ', homePage: 'https://example.com/me', description: '做语音合成' },
      token,
    );
    expect(body).toEqual(success(null));
    const saved = await User.findById(user._id).lean();
    expect(saved).toMatchObject({
      nickname: '语音小王',
      homePage: 'https://example.com/me',
      description: '做语音合成',
    });
  });

  it('accepts an empty home page and description', async () => {
    const { user, token } = await signedIn(
      buildUser({ homePage: 'https://old.example', description: '旧的' }),
    );
    const body = await legacyPost(t, `/api/user/edit/${user._id}`, { nickname: '小王' }, token);
    expect(body).toEqual(success(null));
    expect(await User.findById(user._id).lean()).toMatchObject({ homePage: '', description: '' });
  });

  it('refuses to edit someone else with 无权限 and changes nothing', async () => {
    const { token } = await signedIn(buildUser());
    const other = await signedIn(buildUser({ nickname: '别人' }));
    const body = await legacyPost(t, `/api/user/edit/${other.user._id}`, { nickname: '改掉' }, token);
    expect(body).toEqual(refusal('无权限'));
    expect((await User.findById(other.user._id).lean())?.nickname).toBe('别人');
  });

  it.each([
    [{ nickname: '   ' }, '昵称不能为空'],
    [{ nickname: '名'.repeat(17) }, '昵称不能超过16个字'],
    [{ nickname: '小王', homePage: 'example.com' }, '个人主页地址错误'],
    [{ nickname: '小王', homePage: 'javascript:alert(1)' }, '个人主页地址错误'],
    [{ nickname: '小王', description: '长'.repeat(201) }, '个人简介不能超过200个字'],
  ])('refuses %j with %s', async (values, message) => {
    const { user, token } = await signedIn(buildUser({ nickname: '原名' }));
    const body = await legacyPost(t, `/api/user/edit/${user._id}`, values, token);
    expect(body).toEqual(refusal(message));
    expect((await User.findById(user._id).lean())?.nickname).toBe('原名');
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    const user = await buildUser();
    const body = await legacyPost(t, `/api/user/edit/${user._id}`, { nickname: '小王' });
    expect(body).toEqual({ errorCode: 1, message: '请先登录', data: null, success: false });
  });

  it('answers 404 for a non-numeric id, like bbs-go', async () => {
    const { token } = await signedIn(buildUser());
    const { status } = await postForm(
      t,
      '/api/user/edit/abc',
      { nickname: '小王' },
      { 'x-user-token': token },
    );
    expect(status).toBe(404);
  });
});

describe('POST /api/user/update/avatar', () => {
  it('sets an avatar uploaded here and makes its square copies', async () => {
    const { user, token } = await signedIn(buildUser());
    const { data } = await upload(t.baseUrl, await pngBytes(90, 60, '#a52'), { token });
    const body = await legacyPost(t, '/api/user/update/avatar', { avatar: ` ${data.url} ` }, token);
    expect(body).toEqual(success(null));
    expect((await User.findById(user._id).lean())?.avatar).toBe(data.url);
    const key = (data.url as string).replace('http://forum.test/uploads/', '');
    const small = await sharp(await readFile(join(t.uploadDir, key.replace('.png', '_50.png')))).metadata();
    expect(small).toMatchObject({ width: 50, height: 50 });
  });

  it('answers 头像不能为空 for a blank avatar', async () => {
    const { token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/user/update/avatar', { avatar: '  ' }, token)).toEqual(
      refusal('头像不能为空'),
    );
  });

  it.each([
    ['another site', `https://evil.example/uploads/images/2026/01/01/${'a'.repeat(64)}.png`],
    ['our folder but never uploaded', `http://forum.test/uploads/images/2026/01/01/${'a'.repeat(64)}.png`],
    ['not a URL', 'hello'],
  ])('refuses an avatar from %s', async (_name, avatar) => {
    const { user, token } = await signedIn(buildUser({ avatar: '' }));
    const body = await legacyPost(t, '/api/user/update/avatar', { avatar }, token);
    expect(body).toEqual(refusal('头像必须是本站上传的图片'));
    expect((await User.findById(user._id).lean())?.avatar).toBe('');
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    const body = await legacyPost(t, '/api/user/update/avatar', { avatar: 'x' });
    expect(body).toMatchObject({ errorCode: 1, message: '请先登录' });
  });
});

describe('POST /api/user/set/background/image', () => {
  it('sets a background uploaded here', async () => {
    const { user, token } = await signedIn(buildUser());
    const { data } = await upload(t.baseUrl, await pngBytes(120, 40, '#258'), { token });
    const body = await legacyPost(t, '/api/user/set/background/image', { backgroundImage: data.url }, token);
    expect(body).toEqual(success(null));
    expect((await User.findById(user._id).lean())?.backgroundImage).toBe(data.url);
  });

  it('answers 请上传图片 for a blank value', async () => {
    const { token } = await signedIn(buildUser());
    const body = await legacyPost(t, '/api/user/set/background/image', { backgroundImage: '' }, token);
    expect(body).toEqual(refusal('请上传图片'));
  });

  it('refuses an image from another site', async () => {
    const { user, token } = await signedIn(buildUser());
    const body = await legacyPost(
      t,
      '/api/user/set/background/image',
      { backgroundImage: 'https://images.example/bg.jpg' },
      token,
    );
    expect(body).toEqual(refusal('背景图片必须是本站上传的图片'));
    expect((await User.findById(user._id).lean())?.backgroundImage).toBe('');
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    const body = await legacyPost(t, '/api/user/set/background/image', { backgroundImage: 'x' });
    expect(body).toMatchObject({ errorCode: 1, message: '请先登录' });
  });
});
