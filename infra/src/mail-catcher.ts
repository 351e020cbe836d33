/**
 * A local mail catcher for trying the site's mail end to end without a real mail server: MailDev
 * (the `maildev` package) takes every mail the worker sends over SMTP and shows it on a page of its
 * own. `LOCAL_MAIL=1 npm start` (and `npm run dev`, unless `LOCAL_MAIL=0`) starts it when no
 * `SMTP_HOST` is set; both its ports listen on loopback only.
 */
import { MailDev } from 'maildev';

export interface MailCatcher {
  smtpPort: number;
  /** The page that shows what was sent. */
  webUrl: string;
  /** What the worker needs to send through it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** `directory` keeps what was caught (the site's data folder), not a shared temporary one. */
export async function startMailCatcher(
  ports: { web: number; smtp: number },
  directory: string,
): Promise<MailCatcher> {
  const catcher = new MailDev({
    smtp: ports.smtp,
    ip: '127.0.0.1',
    web: ports.web,
    webIp: '127.0.0.1',
    silent: true,
    mailDirectory: directory,
  });
  await catcher.start();
  return {
    smtpPort: ports.smtp,
    webUrl: `http://localhost:${ports.web}`,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(ports.smtp),
      SMTP_SECURE: 'false',
      MAIL_FROM: 'noreply@localhost',
    },
    stop: () => catcher.stop(),
  };
}

/** Whether this start gets a catcher: asked for, or by default when developing; never over real SMTP. */
export function wantsMailCatcher(env: NodeJS.ProcessEnv, watch: boolean): boolean {
  if (env.SMTP_HOST) return false;
  if (env.LOCAL_MAIL === '1') return true;
  if (env.LOCAL_MAIL === '0') return false;
  return watch;
}
