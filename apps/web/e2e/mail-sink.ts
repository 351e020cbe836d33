/** The stack's mail sink as the e2e tests read it: the links in the mails the worker sent. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * The first link matching `pathPattern` (a path with its query, e.g. `/user/email/verify\?token=`)
 * in the newest mail to `to`, waiting up to 30 s for the worker to send it.
 */
export async function mailedLink(to: string, pathPattern: string): Promise<string> {
  const mailDir = inject('mailDir');
  const link = new RegExp(`https?://[^\\s"<>]+${pathPattern}[0-9a-f]+`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const file of readdirSync(mailDir).sort().reverse()) {
      const raw = readFileSync(path.join(mailDir, file), 'utf8');
      if (!raw.includes(to)) continue;
      // Quoted-printable: soft line breaks and =XX escapes.
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const found = link.exec(text)?.[0];
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with a link to ${pathPattern} within 30 s`);
}
