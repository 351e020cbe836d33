import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './config';

const required = { MONGO_URL: 'mongodb://127.0.0.1:27017/forum', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('worker mail configuration', () => {
  it('has no SMTP server without SMTP_HOST, whatever BASE_URL holds', () => {
    expect(loadWorkerConfig(required).mail).toEqual({ baseUrl: 'http://localhost:3000' });
    expect(loadWorkerConfig({ ...required, BASE_URL: '/' }).mail).toEqual({ baseUrl: '/' });
  });

  it('reads SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASSWORD, MAIL_FROM and BASE_URL', () => {
    const config = loadWorkerConfig({
      ...required,
      BASE_URL: 'https://bbs.example.com',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '2525',
      SMTP_SECURE: 'true',
      SMTP_USER: 'mailer@example.com',
      SMTP_PASSWORD: 'secret',
      MAIL_FROM: '语音社区 <noreply@example.com>',
    });
    expect(config.mail).toEqual({
      baseUrl: 'https://bbs.example.com',
      smtp: {
        host: 'smtp.example.com',
        port: 2525,
        secure: true,
        user: 'mailer@example.com',
        password: 'secret',
        from: '语音社区 <noreply@example.com>',
      },
    });
  });

  it('defaults the port by SMTP_SECURE and the sender to SMTP_USER', () => {
    const plain = loadWorkerConfig({
      ...required,
      SMTP_HOST: 'smtp.example.com',
      SMTP_USER: 'me@example.com',
    });
    expect(plain.mail).toMatchObject({
      baseUrl: 'http://localhost:3000',
      smtp: { port: 587, secure: false, from: 'me@example.com' },
    });
    const tls = loadWorkerConfig({
      ...required,
      SMTP_HOST: 'smtp.example.com',
      SMTP_SECURE: 'true',
      MAIL_FROM: 'noreply@example.com',
    });
    expect(tls.mail?.smtp).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      from: 'noreply@example.com',
    });
  });

  it.each([
    [{ SMTP_HOST: 'smtp.example.com' }, /^invalid configuration: MAIL_FROM: /],
    [
      { SMTP_HOST: 'smtp.example.com', SMTP_USER: 'me', SMTP_PORT: 'x' },
      /^invalid configuration: SMTP_PORT: /,
    ],
    [{ SMTP_SECURE: 'maybe' }, /^invalid configuration: SMTP_SECURE: /],
    [{ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'me', BASE_URL: '/' }, /^invalid configuration: BASE_URL: /],
  ])('a bad mail setting (%o) stops start-up with one line naming it', (bad, message) => {
    expect(() => loadWorkerConfig({ ...required, ...bad })).toThrow(message);
  });
});
