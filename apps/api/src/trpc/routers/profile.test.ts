import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@forum/core';
import { makeUser, startTestApi, type TestApi } from '../../test/harness';
import { pngBytes, tempUploadDir, upload } from '../../test/uploads-helpers';

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

async function mutate(path: string, input: unknown, token?: string) {
  const response = await fetch(`${t.baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-user-token': token } : {}) },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('profile router', () => {
  it('profile.update saves the signed-in user and returns the profile', async () => {
    const { user, token } = await makeUser();
    const { status, body } = await mutate(
      'profile.update',
      { nickname: ' 小李 ', homePage: 'http://li.example', description: '研究声学模型' },
      token,
    );
    expect(status).toBe(200);
    expect(body.result.data).toEqual({
      id: user._id,
      nickname: '小李',
      avatar: '',
      backgroundImage: '',
      homePage: 'http://li.example',
      description: '研究声学模型',
    });
  });

  it('profile.update answers the same Chinese message as the legacy endpoint', async () => {
    const { token } = await makeUser();
    const { status, body } = await mutate('profile.update', { nickname: 'x', homePage: 'ftp://x' }, token);
    expect(status).toBe(400);
    expect(body.error.message).toBe('个人主页地址错误');
    expect(body.error.data.appError).toEqual({ code: 'INVALID_INPUT', message: '个人主页地址错误' });
  });

  it('a visitor gets 401 请先登录', async () => {
    const { status, body } = await mutate('profile.update', { nickname: 'x' });
    expect(status).toBe(401);
    expect(body.error.message).toBe('请先登录');
  });

  it('profile.setAvatar and profile.setBackground accept images uploaded here only', async () => {
    const { user, token } = await makeUser();
    const { data } = await upload(t.baseUrl, await pngBytes(64, 64, '#5a5'), { token });

    const avatar = await mutate('profile.setAvatar', { avatar: data.url }, token);
    expect(avatar.body.result.data.avatar).toBe(data.url);
    const background = await mutate('profile.setBackground', { backgroundImage: data.url }, token);
    expect(background.body.result.data.backgroundImage).toBe(data.url);

    const foreign = await mutate('profile.setAvatar', { avatar: 'https://cdn.example/a.png' }, token);
    expect(foreign.body.error.message).toBe('头像必须是本站上传的图片');
    const saved = await User.findById(user._id).lean();
    expect(saved).toMatchObject({ avatar: data.url, backgroundImage: data.url });
  });
});
