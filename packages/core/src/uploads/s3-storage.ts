import { isImageKey, joinUrl, type UploadStorage } from './storage';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signV4 } from './sigv4';

export interface S3StorageOptions {
  /** The S3 API endpoint, e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO/R2 URL. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Where readers fetch objects (a CDN or the bucket's public URL); defaults to endpoint/bucket. */
  publicUrl?: string;
}

/**
 * Images in an S3-compatible bucket, addressed path-style (`endpoint/bucket/key`), which every
 * S3-compatible server understands.
 */
export function createS3Storage(options: S3StorageOptions): UploadStorage {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const publicUrl = (options.publicUrl ?? joinUrl(options.endpoint, options.bucket)).replace(/\/+$/, '');
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
  };

  const send = async (
    method: 'PUT' | 'GET',
    key: string,
    body?: Buffer,
    headers?: Record<string, string>,
  ) => {
    if (!isImageKey(key)) throw new Error(`not an upload key: ${key}`);
    const path = `${basePath}/${options.bucket}/${key}`;
    const signed = signV4(
      {
        method,
        host: endpoint.host,
        path,
        headers,
        payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH,
      },
      credentials,
    );
    // fetch sets Host itself from the URL, which is the value we signed.
    const { host: _host, ...sent } = signed;
    // A plain Uint8Array is a BodyInit under both the Node and the DOM typings.
    return fetch(new URL(path, endpoint), {
      method,
      headers: sent,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  };

  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, {
        'content-type': contentType,
        // Keys are content hashes, so an object never changes: caches may keep it for ever.
        'cache-control': 'public, max-age=31536000, immutable',
      });
      if (!response.ok)
        throw new Error(`S3 PUT ${key} failed: HTTP ${response.status} ${await response.text()}`);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key} failed: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    publicUrl,
  };
}
