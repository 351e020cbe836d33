/**
 * Test support for mail: a real SMTP server (smtp-server) that keeps every message it receives,
 * and a small MIME reader for what nodemailer sends (multipart/alternative, base64 or
 * quoted-printable parts, RFC 2047 subjects). Used by the API, worker and end-to-end mail tests.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait-for';

export interface ReceivedMail {
  /** Envelope sender and recipients, as the SMTP session saw them. */
  mailFrom: string;
  rcptTo: string[];
  /** The authenticated user, or undefined for an anonymous session. */
  authUser: string | undefined;
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the first `count` mails once they have arrived. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves with the first mail to `address` once it has arrived. */
  waitForMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(credentials?: {
  user: string;
  password: string;
}): Promise<SmtpCapture> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on loopback: nodemailer then authenticates without STARTTLS.
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = parseMessage(Buffer.concat(chunks).toString('latin1'));
        mails.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          authUser: typeof session.user === 'string' ? session.user : undefined,
          ...message,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    async waitForMails(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${count} mail(s), got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return mails.slice(0, count);
    },
    waitForMailTo(address, timeoutMs = 15_000) {
      return waitFor(
        `a mail to ${address}`,
        async () => mails.find((mail) => mail.rcptTo.includes(address)),
        timeoutMs,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Splits raw (latin1, i.e. byte-preserving) text into lower-cased unfolded headers and the body. */
function splitPart(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  else bytes = Buffer.from(part.body, 'latin1');
  return bytes.toString('utf8').replace(/\r\n/g, '\n').trimEnd();
}

function decodeQuotedPrintable(text: string): Buffer {
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(unwrapped.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`), including adjacent ones split by folding. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')).toString('utf8'),
    );
}

function collectParts(part: Part, into: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(splitPart(section.replace(/^\r?\n/, '')), into);
    }
  } else if (type.toLowerCase().startsWith('text/html')) {
    into.html = decodeBody(part);
  } else if (type.toLowerCase().startsWith('text/plain')) {
    into.text = decodeBody(part);
  }
}

function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const root = splitPart(raw);
  const content = { text: '', html: '' };
  collectParts(root, content);
  return { headers: root.headers, subject: decodeHeader(root.headers.get('subject') ?? ''), ...content };
}
