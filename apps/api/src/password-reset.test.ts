/**
 * 忘记密码 end to end: a real worker mails the link through a real SMTP server; the link sets a
 * new password once, ends every session, and the new password signs in. The answer never tells
 * whether an address is registered, a typo does not use up the link, and requests are limited.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PasswordResetMessages } from '@forum/contracts';
import {
  resetRateLimits,
  signInVia,
  signUpForm,
  signUpVia,
  solvedCaptcha,
  testRedis,
} from './test/accounts-helpers';
import { trpcMutation, trpcQuery } from './test/client';
import { newAddress, useMailingApi } from './test/mail';

const t = useMailingApi('mail', { from: 'noreply@forum.test' });

beforeEach(() => resetRateLimits(t));

async function askForReset(email: string) {
  return trpcMutation(t, 'users.requestPasswordReset', { ...(await solvedCaptcha(t)), email });
}

/** The token in the link of the latest reset mail to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await t.smtp.waitForMailTo(email);
  expect(mail.subject).toBe('重置密码 - 语音社区');
  const match = /http:\/\/forum\.test\/user\/password\/reset\?token=([0-9a-f]{64})/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

describe('password reset', () => {
  it('mails a link that sets a new password once, ends every session, and lets the new one sign in', async () => {
    const email = newAddress();
    const form = signUpForm({ email });
    const signedUp = await signUpVia(t, form);
    const oldToken = (signedUp.body.data as { token: string }).token;
    expect((await trpcQuery(t, 'users.current', undefined, oldToken)).body.result?.data).not.toBeNull();

    const asked = await askForReset(email.toUpperCase());
    expect(asked.status).toBe(200);
    const token = await mailedToken(email);
    // The letter leaves Redis once mailed: nothing of it waits in the queue for a reader of the dashboard.
    expect(await testRedis().keys(`${t.prefix}password-reset-mail:*`)).toEqual([]);

    // A typo in the new password is refused and the link still works.
    const typo = await trpcMutation(t, 'users.resetPassword', {
      token,
      password: 'new-secret-1',
      rePassword: 'new-secret-2',
    });
    expect(typo.status).toBe(400);
    const reset = await trpcMutation(t, 'users.resetPassword', {
      token,
      password: 'new-secret-1',
      rePassword: 'new-secret-1',
    });
    expect(reset.status).toBe(200);

    // The session from before is over, the old password fails, the new one signs in.
    expect((await trpcQuery(t, 'users.current', undefined, oldToken)).body.result?.data).toBeNull();
    expect((await signInVia(t, { username: form.username!, password: form.password! })).body).toMatchObject({
      success: false,
    });
    expect((await signInVia(t, { username: form.username!, password: 'new-secret-1' })).body).toMatchObject({
      success: true,
    });

    // Once only.
    const again = await trpcMutation(t, 'users.resetPassword', {
      token,
      password: 'another-secret',
      rePassword: 'another-secret',
    });
    expect(again.body.error?.message).toBe(PasswordResetMessages.tokenInvalid);
  });

  it('answers an unknown address as a known one, and mails nothing', async () => {
    const stranger = newAddress();
    const asked = await askForReset(stranger);
    expect(asked.status).toBe(200);
    expect(asked.body.result?.data).toEqual({ email: stranger });
    // The known address's mail above arrived within a second or two; give this one as long.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(t.smtp.mails.some((mail) => mail.rcptTo.includes(stranger))).toBe(false);
  });

  it('refuses a made-up token, a wrong captcha, and a fourth request for one address within the hour', async () => {
    const made = await trpcMutation(t, 'users.resetPassword', {
      token: 'f'.repeat(64),
      password: 'new-secret-1',
      rePassword: 'new-secret-1',
    });
    expect(made.body.error?.message).toBe(PasswordResetMessages.tokenInvalid);

    const { captchaId } = await solvedCaptcha(t);
    const wrong = await trpcMutation(t, 'users.requestPasswordReset', {
      captchaId,
      captchaCode: '00000',
      email: newAddress(),
    });
    expect(wrong.body.error?.message).toBe('验证码错误');

    const email = newAddress();
    for (let i = 0; i < 3; i += 1) expect((await askForReset(email)).status).toBe(200);
    expect((await askForReset(email)).status).toBe(429);
  });

  it('stops working when the account changes its address', async () => {
    const email = newAddress();
    const signedUp = await signUpVia(t, signUpForm({ email }));
    const session = (signedUp.body.data as { token: string }).token;
    await askForReset(email);
    const token = await mailedToken(email);
    const changed = await trpcMutation(t, 'users.setEmail', { email: newAddress() }, session);
    expect(changed.status).toBe(200);
    const reset = await trpcMutation(t, 'users.resetPassword', {
      token,
      password: 'new-secret-1',
      rePassword: 'new-secret-1',
    });
    expect(reset.body.error?.message).toBe(PasswordResetMessages.tokenInvalid);
  });
});
