/**
 * Whether the site can send mail, told truthfully: with no worker announcing an SMTP server the
 * 工作台 says so and a verification request is refused without queueing anything; a server saved
 * in 系统设置 makes both ready at once.
 */
import { describe, expect, it } from 'vitest';
import { EmailCode } from '@forum/core';
import { buildUser, signedIn } from '@forum/core/testing';
import { legacyPost, trpcMutation, trpcQuery } from './test/client';
import { ownerToken, useTestApi } from './test/harness';

// No worker runs here: nobody announces that mail can be sent.
const t = useTestApi();

describe('mail readiness', () => {
  it('is reported on the 工作台 and refuses verification mails until a server is saved', async () => {
    const owner = await ownerToken();
    const overview = async () =>
      (await trpcQuery(t, 'adminDashboard.overview', undefined, owner)).body.result?.data as {
        mailReady: boolean;
      };
    expect((await overview()).mailReady).toBe(false);

    const user = await buildUser({ email: 'wants-a-link@example.com' });
    const { token } = await signedIn(user);
    expect(await legacyPost(t, '/api/user/send_verify_email', {}, token)).toMatchObject({
      success: false,
      message: '本站暂未配置邮件发送，无法发送验证邮件，请联系站长',
    });
    expect(await EmailCode.exists({ userId: user._id })).toBeNull();

    const saved = await trpcMutation(
      t,
      'adminSettings.saveMail',
      { host: '127.0.0.1', port: 2525, secure: false, user: '', from: 'forum@example.com', password: '' },
      owner,
    );
    expect(saved.status).toBe(200);
    expect((await overview()).mailReady).toBe(true);
    expect(await legacyPost(t, '/api/user/send_verify_email', {}, token)).toMatchObject({ success: true });
    expect(await EmailCode.exists({ userId: user._id })).toBeTruthy();
  });
});
