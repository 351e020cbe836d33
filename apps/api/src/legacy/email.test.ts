/**
 * E-mail verification end to end: the real API queues the mail, a real worker (in this process)
 * sends it over SMTP to a real SMTP server started here, and the link in that mail verifies.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EmailCode, User } from '@forum/core';
import { buildUser, type ReceivedMail, signedIn } from '@forum/core/testing';
import { legacyPost, refusal } from '../test/client';
import { newAddress, useMailingApi } from '../test/mail';

const t = useMailingApi('mail', {
  from: 'noreply@forum.test',
  credentials: { user: 'mailer', password: 'smtp-secret' },
});

function tokenIn(mail: ReceivedMail): string {
  const match = /http:\/\/forum\.test\/user\/email\/verify\?token=([0-9a-f]+)/.exec(mail.text);
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return match[1]!;
}

/** A user with an e-mail who asked for a verification mail and received it. */
async function userWithMail() {
  const email = newAddress();
  const { user, token } = await signedIn(buildUser({ email }));
  expect(await legacyPost(t, '/api/user/send_verify_email', {}, token)).toEqual({
    errorCode: 0,
    message: '',
    data: null,
    success: true,
  });
  const mail = await t.smtp.waitForMailTo(email);
  // The worker records the sending just after the SMTP server has the mail.
  const deadline = Date.now() + 5000;
  while (!(await EmailCode.exists({ userId: user._id, sentAt: { $gt: 0 } }))) {
    if (Date.now() > deadline) throw new Error('the mail was not recorded as sent');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { user, token, email, mail, link: tokenIn(mail) };
}

describe('POST /api/user/send_verify_email and /api/user/verify_email', () => {
  it('mails a link that verifies the e-mail, once', async () => {
    const { user, token, email, mail, link } = await userWithMail();

    expect(mail.subject).toBe('邮箱验证 - 语音社区');
    expect(mail.authUser).toBe('mailer');
    expect(mail.mailFrom).toBe('noreply@forum.test');
    expect(mail.text).toBe(
      '该邮件用于验证你在 语音社区 中设置邮箱的正确性，请在24小时内完成验证。验证链接：' +
        `http://forum.test/user/email/verify?token=${link}`,
    );
    expect(mail.html).toContain(
      `<a href="http://forum.test/user/email/verify?token=${link}" target="_blank" rel="noopener">点击这里验证邮箱&gt;&gt;</a>`,
    );

    // Only the hash stays in the database once the mail is out.
    const code = await EmailCode.findOne({ userId: user._id }).lean();
    expect(code).toMatchObject({
      email,
      used: false,
      token: '',
      tokenHash: createHash('sha256').update(link).digest('hex'),
    });
    expect(code!.sentAt).toBeGreaterThan(0);

    expect(await legacyPost(t, '/api/user/verify_email', { token: link })).toEqual({
      errorCode: 0,
      message: '',
      data: { email },
      success: true,
    });
    expect((await User.findById(user._id).lean())!.emailVerified).toBe(true);

    expect(await legacyPost(t, '/api/user/verify_email', { token: link })).toEqual(refusal('非法请求'));
    expect(await legacyPost(t, '/api/user/send_verify_email', {}, token)).toEqual(refusal('用户邮箱已验证'));
  });

  it('takes the token from the query string too, as the verify page posts it', async () => {
    const { email, link } = await userWithMail();
    const response = await fetch(`${t.baseUrl}/api/user/verify_email?token=${link}`, { method: 'POST' });
    expect(await response.json()).toEqual({ errorCode: 0, message: '', data: { email }, success: true });
  });

  it('refuses a link older than 24 hours with 验证邮件已过期', async () => {
    const { user, link } = await userWithMail();
    await EmailCode.updateOne({ userId: user._id }, { $set: { createTime: Date.now() - 25 * 3600 * 1000 } });
    expect(await legacyPost(t, '/api/user/verify_email', { token: link })).toEqual(refusal('验证邮件已过期'));
    expect((await User.findById(user._id).lean())!.emailVerified).toBe(false);
  });

  it('refuses a link for an address the user has changed since with 验证码过期', async () => {
    const { user, link } = await userWithMail();
    await User.updateOne({ _id: user._id }, { $set: { email: newAddress(), emailVerified: false } });
    expect(await legacyPost(t, '/api/user/verify_email', { token: link })).toEqual(refusal('验证码过期'));
    expect((await User.findById(user._id).lean())!.emailVerified).toBe(false);
  });

  it('refuses a link whose user is gone with 验证码过期', async () => {
    const { user, link } = await userWithMail();
    await User.deleteOne({ _id: user._id });
    expect(await legacyPost(t, '/api/user/verify_email', { token: link })).toEqual(refusal('验证码过期'));
  });

  it('answers a blank token with "Illegal request" and an unknown one with 非法请求', async () => {
    expect(await legacyPost(t, '/api/user/verify_email', {})).toEqual(refusal('Illegal request'));
    expect(await legacyPost(t, '/api/user/verify_email', { token: '  ' })).toEqual(
      refusal('Illegal request'),
    );
    expect(await legacyPost(t, '/api/user/verify_email', { token: 'ab'.repeat(32) })).toEqual(
      refusal('非法请求'),
    );
    expect(await legacyPost(t, '/api/user/verify_email', { token: 'x'.repeat(500) })).toEqual(
      refusal('非法请求'),
    );
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    expect(await legacyPost(t, '/api/user/send_verify_email', {})).toEqual({
      errorCode: 1,
      message: '请先登录',
      data: null,
      success: false,
    });
  });

  it('refuses a user without a valid e-mail and creates no link', async () => {
    const { user, token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/user/send_verify_email', {}, token)).toEqual(
      refusal('邮箱格式不符合规范'),
    );
    expect(await EmailCode.countDocuments({ userId: user._id })).toBe(0);
  });

  it('sends at most three mails per user in ten minutes', async () => {
    const email = newAddress();
    const { user, token } = await signedIn(buildUser({ email }));
    for (let i = 0; i < 3; i++) {
      expect((await legacyPost(t, '/api/user/send_verify_email', {}, token)).success).toBe(true);
    }
    expect(await legacyPost(t, '/api/user/send_verify_email', {}, token)).toEqual(
      refusal('操作过于频繁，请稍后再试'),
    );
    expect(await EmailCode.countDocuments({ userId: user._id })).toBe(3);
  });
});

describe('tRPC email.requestVerification and email.verify', () => {
  async function trpcPost(path: string, input: unknown, token?: string) {
    const response = await fetch(`${t.baseUrl}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-user-token': token } : {}) },
      body: JSON.stringify(input),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('request a mail for the signed-in user and verify its link', async () => {
    const email = newAddress();
    const { user, token } = await signedIn(buildUser({ email }));
    const requested = await trpcPost('email.requestVerification', undefined, token);
    expect(requested.body.result.data).toEqual({ email });

    const link = tokenIn(await t.smtp.waitForMailTo(email));
    const verified = await trpcPost('email.verify', { token: link });
    expect(verified.body.result.data).toEqual({ email });
    expect((await User.findById(user._id).lean())!.emailVerified).toBe(true);

    const again = await trpcPost('email.verify', { token: link });
    expect(again.status).toBe(400);
    expect(again.body.error.data.appError).toEqual({ code: 'INVALID_INPUT', message: '非法请求' });
  });

  it('requestVerification needs a signed-in user', async () => {
    const { status, body } = await trpcPost('email.requestVerification', undefined);
    expect(status).toBe(401);
    expect(body.error.data.appError.code).toBe('NOT_SIGNED_IN');
  });
});
