import { describe, expect, it } from 'vitest';
import { User } from '@forum/core';
import { buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation } from '../../../test/client';
import { useTestApiWithUploads } from '../../../test/harness';
import { pngBytes, upload } from '../../../test/uploads-helpers';

const t = useTestApiWithUploads();

describe('profile router', () => {
  it('users.updateProfile saves the signed-in user and returns the profile', async () => {
    const { user, token } = await signedIn(buildUser());
    const { status, body } = await trpcMutation(
      t,
      'users.updateProfile',
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

  it('users.updateProfile answers the same Chinese message as the legacy endpoint', async () => {
    const { token } = await signedIn(buildUser());
    const { status, body } = await trpcMutation(
      t,
      'users.updateProfile',
      { nickname: 'x', homePage: 'ftp://x' },
      token,
    );
    expect(status).toBe(400);
    expect(body.error.message).toBe('个人主页地址错误');
    expect(body.error.data.appError).toEqual({ code: 'INVALID_INPUT', message: '个人主页地址错误' });
  });

  it('a visitor gets 401 请先登录', async () => {
    const { status, body } = await trpcMutation(t, 'users.updateProfile', { nickname: 'x' });
    expect(status).toBe(401);
    expect(body.error.message).toBe('请先登录');
  });

  it('users.setAvatar and users.setBackground accept images uploaded here only', async () => {
    const { user, token } = await signedIn(buildUser());
    const { data } = await upload(t.baseUrl, await pngBytes(64, 64, '#5a5'), { token });

    const avatar = await trpcMutation(t, 'users.setAvatar', { avatar: data.url }, token);
    expect(avatar.body.result.data.avatar).toBe(data.url);
    const background = await trpcMutation(t, 'users.setBackground', { backgroundImage: data.url }, token);
    expect(background.body.result.data.backgroundImage).toBe(data.url);

    const foreign = await trpcMutation(t, 'users.setAvatar', { avatar: 'https://cdn.example/a.png' }, token);
    expect(foreign.body.error.message).toBe('头像必须是本站上传的图片');
    const saved = await User.findById(user._id).lean();
    expect(saved).toMatchObject({ avatar: data.url, backgroundImage: data.url });
  });
});
