/**
 * The local mail catcher: the worker's SMTP settings from it deliver a mail that its page lists,
 * and it is started only when asked for (or when developing) and never over a real SMTP server.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, wantsMailCatcher, type MailCatcher } from './mail-catcher';
import { freePort } from './ports';

let catcher: MailCatcher;
let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'mail-catcher-'));
  catcher = await startMailCatcher({ web: await freePort(), smtp: await freePort() }, directory);
});
afterAll(async () => {
  await catcher?.stop();
  await rm(directory, { recursive: true, force: true });
});

describe('the local mail catcher', () => {
  it('takes a mail sent with the settings it gives the worker, and shows it on its page', async () => {
    const transport = nodemailer.createTransport({
      host: catcher.env.SMTP_HOST,
      port: Number(catcher.env.SMTP_PORT),
      secure: false,
    });
    await transport.sendMail({
      from: catcher.env.MAIL_FROM,
      to: 'reader@example.com',
      subject: '邮箱验证 - 语音社区',
      text: '点击链接验证邮箱',
    });
    transport.close();
    const listed = (await (await fetch(`${catcher.webUrl}/api/email`)).json()) as {
      subject: string;
      to: { address: string }[];
    }[];
    expect(listed.map((mail) => mail.subject)).toContain('邮箱验证 - 语音社区');
    // Kept in the folder it was given.
    expect((await readdir(directory)).some((name) => name.endsWith('.eml'))).toBe(true);
    const page = await fetch(catcher.webUrl, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });

  it('is started when asked for or when developing, never over a configured SMTP server', () => {
    expect(wantsMailCatcher({ LOCAL_MAIL: '1' }, false)).toBe(true);
    expect(wantsMailCatcher({}, false)).toBe(false);
    expect(wantsMailCatcher({}, true)).toBe(true);
    expect(wantsMailCatcher({ LOCAL_MAIL: '0' }, true)).toBe(false);
    expect(wantsMailCatcher({ LOCAL_MAIL: '1', SMTP_HOST: 'smtp.example.com' }, true)).toBe(false);
  });
});
