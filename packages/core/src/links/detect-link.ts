/**
 * "Detect" for the link form (legacy GET /api/admin/link/detect): fetches a page and reads its
 * title and description. The server fetches an address an admin typed, so by default it refuses
 * every address that is not public: loopback, private, link-local (cloud metadata), unique-local,
 * CGNAT, multicast and unspecified ones. The check runs in the socket's own DNS lookup, on every
 * hop of at most three redirects, so a name that resolves differently the second time (DNS
 * rebinding) cannot slip through. Operators who list intranet sites can allow private addresses.
 */
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 8_000;
/** Enough for any page's head; the rest is never read. */
const MAX_BYTES = 512 * 1024;

let allowPrivateAddresses = false;

export function configureLinkDetection(settings: { allowPrivateAddresses: boolean }): void {
  allowPrivateAddresses = settings.allowPrivateAddresses;
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether the address is one the detector must not reach (IPv4-mapped IPv6 counts as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class RefusedAddress extends Error {}

/** dns.lookup that fails for private addresses, so the connection is never opened. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as { address: string; family: number }[];
    if (!allowPrivateAddresses && list.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new RefusedAddress(`refused address for ${hostname}`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

interface Fetched {
  status: number;
  location?: string;
  contentType: string;
  body: Buffer;
}

function fetchOnce(url: URL): Promise<Fetched> {
  // A literal IP never goes through the lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !allowPrivateAddresses && isPrivateAddress(literal)) {
    return Promise.reject(new RefusedAddress(`refused address ${literal}`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: publicLookup,
        timeout: TIMEOUT_MS,
        headers: {
          'user-agent': 'Mozilla/5.0 (compatible; forum-link-detect)',
          accept: 'text/html,*/*;q=0.5',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_BYTES) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

function charsetOf(contentType: string, head: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  return declared?.toLowerCase() ?? 'utf-8';
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isSafeInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return named[name.toLowerCase()] ?? entity;
  });
}

const clean = (text: string | undefined, max: number) =>
  [
    ...decodeEntities(text ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, max)
    .join('');

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/** Title and description of an HTML page, from `<title>` and the description meta tag. */
export function readPageInfo(html: string): { title: string; description: string } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const meta = [...html.matchAll(/<meta\b[^>]*>/gi)]
    .map((match) => match[0])
    .find((tag) =>
      /^(description|og:description)$/i.test(attribute(tag, 'name') ?? attribute(tag, 'property') ?? ''),
    );
  return { title: clean(title, 128), description: clean(meta && attribute(meta, 'content'), 1024) };
}

export interface DetectedLink {
  title: string;
  description: string;
}

/**
 * The title and description of the page at `address`, following at most three redirects; null
 * when the address is not http(s), not public, unreachable, or not a page.
 */
export async function detectLink(address: string): Promise<DetectedLink | null> {
  let url = URL.canParse(address.trim()) ? new URL(address.trim()) : null;
  for (let hop = 0; url && hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    let fetched: Fetched;
    try {
      fetched = await fetchOnce(url);
    } catch {
      return null;
    }
    if (fetched.status >= 300 && fetched.status < 400 && fetched.location) {
      url = URL.canParse(fetched.location, url) ? new URL(fetched.location, url) : null;
      continue;
    }
    if (fetched.status < 200 || fetched.status >= 300) return null;
    const head = fetched.body.subarray(0, 4096).toString('latin1');
    let html: string;
    try {
      html = new TextDecoder(charsetOf(fetched.contentType, head)).decode(fetched.body);
    } catch {
      html = fetched.body.toString('utf8');
    }
    return readPageInfo(html);
  }
  return null;
}
