import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signV4 } from './sigv4';

describe('signV4', () => {
  it('reproduces the GET Object example of the Amazon S3 signature documentation', () => {
    const headers = signV4(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/test.txt',
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 storage', () => {
  const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret', region: 'eu-test-1' };
  const objects = new Map<string, { body: Buffer; type: string }>();
  const refused: string[] = [];
  let server: Server;
  let endpoint: string;

  /** The server recomputes the signature from what it received, as S3 does. */
  function signatureValid(req: IncomingMessage, body: Buffer): boolean {
    const auth = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/(\d{8})\/eu-test-1\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) return false;
    const signed = match[2]!.split(';');
    const amzDate = String(req.headers['x-amz-date']);
    if (!amzDate.startsWith(match[1]!) || req.headers['x-amz-content-sha256'] !== sha256Hex(body))
      return false;
    const extra = Object.fromEntries(
      signed
        .filter((name) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
        .map((name) => [name, String(req.headers[name])]),
    );
    const when = new Date(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    const expected = signV4(
      {
        method: req.method!,
        host: req.headers.host!,
        path: req.url!,
        headers: extra,
        payloadHash: sha256Hex(body),
      },
      credentials,
      when,
    );
    return expected.authorization === auth;
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (!signatureValid(req, body)) {
          refused.push(`${req.method} ${req.url}`);
          res.writeHead(403).end('SignatureDoesNotMatch');
          return;
        }
        if (req.method === 'PUT') {
          objects.set(req.url!, { body, type: String(req.headers['content-type']) });
          res.writeHead(200).end();
        } else {
          const object = objects.get(req.url!);
          if (object) res.writeHead(200, { 'content-type': object.type }).end(object.body);
          else res.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const key = `images/2026/01/02/${'b'.repeat(64)}.png`;

  it('PUTs the bytes path-style with a valid signature and reads them back', async () => {
    const storage = createS3Storage({ endpoint, bucket: 'forum', ...credentials });
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put(key, bytes, 'image/png');
    expect(refused).toEqual([]);
    expect(objects.get(`/forum/${key}`)).toEqual({ body: bytes, type: 'image/png' });
    expect(await storage.get(key)).toEqual(bytes);
    expect(await storage.get(key.replace('b', 'c'))).toBeNull();
    expect(storage.publicUrl).toBe(`${endpoint}/forum`);
  });

  it('uses the public URL for links when one is configured', () => {
    const storage = createS3Storage({
      endpoint,
      bucket: 'forum',
      ...credentials,
      publicUrl: 'https://cdn.example/',
    });
    expect(storage.publicUrl).toBe('https://cdn.example');
  });

  it('fails loudly when the server refuses the signature', async () => {
    const storage = createS3Storage({ endpoint, bucket: 'forum', ...credentials, secretAccessKey: 'wrong' });
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/HTTP 403/);
  });

  it('never sends a key that is not an upload key', async () => {
    const storage = createS3Storage({ endpoint, bucket: 'forum', ...credentials });
    await expect(storage.put('../other-bucket/x', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /not an upload key/,
    );
  });
});
