/**
 * 系统设置's mail server: the owner saves an SMTP server, the mail queue (a real worker in this
 * process) sends through it instead of the environment's, the password never comes back, and the
 * test mail reports what the server answered. Two real SMTP servers stand for the environment's
 * and the console's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperateLog } from '@forum/core';
import { buildUser, signedIn, type SmtpCapture, startSmtpCapture, waitFor } from '@forum/core/testing';
import { legacyGet, legacyPost, trpcMutation, trpcQuery } from './test/client';
import { ownerToken } from './test/harness';
import { newAddress, useMailingApi } from './test/mail';

const t = useMailingApi('mail,maintenance', { from: 'env@forum.test' });
let consoleSmtp: SmtpCapture;
let owner: string;

beforeAll(async () => {
  consoleSmtp = await startSmtpCapture({ user: 'mailer', password: 'smtp-secret' });
  owner = await ownerToken();
});
afterAll(() => consoleSmtp.close());

const consoleServer = () => ({
  host: '127.0.0.1',
  port: consoleSmtp.port,
  secure: false,
  user: 'mailer',
  from: '语音社区 <noreply@forum.test>',
});
const saveMail = (input: unknown) => trpcMutation(t, 'adminSettings.saveMail', input, owner);
const testMail = (to: string) => trpcMutation(t, 'adminSettings.testMail', { to }, owner);

describe('the mail server in 系统设置', () => {
  it('without saved settings, the test mail goes through the environment’s server', async () => {
    expect((await trpcQuery(t, 'adminSettings.mail', undefined, owner)).body.result?.data).toEqual({
      host: '',
      port: 587,
      secure: false,
      user: '',
      from: '',
      passwordSet: false,
    });
    const to = newAddress();
    expect((await testMail(to)).status).toBe(200);
    const mail = await t.smtp.waitForMailTo(to);
    expect(mail).toMatchObject({ mailFrom: 'env@forum.test', subject: '测试邮件 - 语音社区' });
    expect(mail.text).toContain(`127.0.0.1:${t.smtp.port}`);
  });

  it('a saved server carries every mail of the queue, and its password never comes back', async () => {
    const saved = await saveMail({ ...consoleServer(), password: 'smtp-secret' });
    expect(saved.body.result?.data).toEqual({ ...consoleServer(), passwordSet: true });
    expect((await trpcQuery(t, 'adminSettings.mail', undefined, owner)).body.result?.data).toEqual({
      ...consoleServer(),
      passwordSet: true,
    });
    const rows = await legacyGet(t, '/api/admin/sys-config/list', { key: 'mailSettings' }, owner);
    expect(JSON.stringify(rows)).not.toContain('smtp-secret');
    expect(JSON.parse((rows.data as { results: { value: string }[] }).results[0]!.value)).toEqual({
      ...consoleServer(),
      passwordSet: true,
    });
    const publicConfig = await (await fetch(`${t.baseUrl}/api/config/configs`)).text();
    expect(publicConfig).not.toContain('smtp-secret');
    expect(publicConfig).not.toContain('mailSettings');

    // A verification mail, queued by the API as any other, goes out through the saved server.
    const email = newAddress();
    const { token } = await signedIn(buildUser({ email }));
    expect(await legacyPost(t, '/api/user/send_verify_email', {}, token)).toMatchObject({ success: true });
    const verification = await consoleSmtp.waitForMailTo(email);
    expect(verification).toMatchObject({ authUser: 'mailer', mailFrom: 'noreply@forum.test' });
    expect(verification.subject).toBe('邮箱验证 - 语音社区');

    await waitFor(
      'the save in the operation log',
      async () =>
        (await OperateLog.exists({ dataType: 'sys_config', description: '修改配置：mailSettings' })) ??
        undefined,
    );
  });

  it('a save without a password keeps the saved one', async () => {
    const saved = await saveMail(consoleServer());
    expect(saved.body.result?.data).toMatchObject({ passwordSet: true });
    const to = newAddress();
    expect((await testMail(to)).status).toBe(200);
    expect(await consoleSmtp.waitForMailTo(to)).toMatchObject({ authUser: 'mailer' });
  });

  it('a test mail the server refuses says why', async () => {
    await saveMail({ ...consoleServer(), password: 'wrong-secret' });
    const { status, body } = await testMail(newAddress());
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(/^测试邮件发送失败：.*Invalid username or password/);
  });

  it('refuses settings it cannot use, with a message saying what to fix', async () => {
    const cases: [unknown, string][] = [
      [{ ...consoleServer(), from: '' }, '请填写发件人地址，例如 语音社区 <noreply@example.com>'],
      [{ ...consoleServer(), from: 'noreply' }, '发件人地址格式不正确，例如 语音社区 <noreply@example.com>'],
      [{ ...consoleServer(), port: 70000 }, '端口应为 1 到 65535 之间的整数'],
      [
        { ...consoleServer(), host: 'smtp://example.com' },
        '服务器地址不能包含空格或协议，例如 smtp.example.com',
      ],
    ];
    for (const [input, message] of cases) {
      const { status, body } = await saveMail(input);
      expect({ status, message: body.error?.message }).toEqual({ status: 400, message });
    }
    const { body } = await trpcMutation(t, 'adminSettings.testMail', { to: 'nobody' }, owner);
    expect(body.error?.message).toBe('请填写正确的收件邮箱');
  });

  it('a blank server hands mail back to the environment’s', async () => {
    const saved = await saveMail({ ...consoleServer(), host: '', user: '' });
    expect(saved.body.result?.data).toMatchObject({ host: '', passwordSet: false });
    const to = newAddress();
    expect((await testMail(to)).status).toBe(200);
    expect(await t.smtp.waitForMailTo(to)).toMatchObject({ mailFrom: 'env@forum.test' });
  });
});
