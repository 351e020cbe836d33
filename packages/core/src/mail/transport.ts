/**
 * Outgoing mail over SMTP (nodemailer). Only the worker sends mail: it calls `configureMail` at
 * start-up with its settings; mail jobs then call `sendMail`.
 */
import { UnrecoverableError } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';

export interface SmtpSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  user?: string;
  password?: string;
  /** The From address. */
  from: string;
}

export interface MailSettings {
  /** The site's public URL, for links in mails. */
  baseUrl: string;
  smtp: SmtpSettings;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let settings: MailSettings | undefined;
let transporter: Transporter | undefined;

/** `undefined` (no SMTP_HOST): mail jobs fail with "SMTP is not configured". */
export function configureMail(next: MailSettings | undefined): void {
  transporter?.close();
  transporter = undefined;
  settings = next && { ...next, baseUrl: next.baseUrl.replace(/\/+$/, '') };
}

/** The settings mail jobs need; throws the permanent "not configured" failure when SMTP is off. */
export function mailSettings(): MailSettings {
  // Retrying cannot help until an operator sets SMTP_HOST; the failed set keeps the job for a retry.
  if (!settings) throw new UnrecoverableError('SMTP is not configured');
  return settings;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { smtp } = mailSettings();
  transporter ??= nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
  });
  await transporter.sendMail({ from: smtp.from, ...mail });
}

/** Closes pooled SMTP connections (worker shutdown). */
export function closeMail(): void {
  transporter?.close();
  transporter = undefined;
}
