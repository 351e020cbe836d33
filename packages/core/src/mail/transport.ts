/**
 * Outgoing mail over SMTP (nodemailer). Only the worker sends mail: it calls `configureMail` at
 * start-up with its environment's settings; mail jobs then call `sendMail`, which uses the SMTP
 * server the owner saved in 系统设置 when there is one, else the environment's.
 */
import { UnrecoverableError } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import { smtpOf, storedMailSettings, type SmtpSettings } from './settings';

export interface MailSettings {
  /** The site's public URL, for links in mails. */
  baseUrl: string;
  smtp: SmtpSettings;
}

/** The worker's environment: the site URL and, with `SMTP_HOST`, the default SMTP server. */
export interface MailDefaults {
  baseUrl: string;
  smtp?: SmtpSettings;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let defaults: MailDefaults = { baseUrl: '' };
let transporter: Transporter | undefined;
/** The settings `transporter` was made for: a save in the console makes the next mail use a new one. */
let transporterKey = '';

export function configureMail(next: MailDefaults): void {
  closeMail();
  defaults = { ...next, baseUrl: next.baseUrl.replace(/\/+$/, '') };
}

/**
 * The settings a mail job uses now: the saved SMTP server, else the environment's. Without either
 * it throws the permanent "not configured" failure.
 */
export async function mailSettings(): Promise<MailSettings> {
  const smtp = smtpOf(await storedMailSettings()) ?? defaults.smtp;
  // Retrying cannot help until an operator configures SMTP; the failed set keeps the job for a retry.
  if (!smtp) throw new UnrecoverableError('SMTP is not configured');
  return { baseUrl: defaults.baseUrl, smtp };
}

export async function sendMail(mail: OutgoingMail, settings?: MailSettings): Promise<void> {
  const { smtp } = settings ?? (await mailSettings());
  const key = JSON.stringify(smtp);
  if (!transporter || key !== transporterKey) {
    closeMail();
    transporter = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    });
    transporterKey = key;
  }
  await transporter.sendMail({ from: smtp.from, ...mail });
}

/** Closes pooled SMTP connections (worker shutdown). */
export function closeMail(): void {
  transporter?.close();
  transporter = undefined;
  transporterKey = '';
}
