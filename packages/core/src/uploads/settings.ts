import type { UploadStorage } from './storage';

/**
 * The storage the upload and profile services use. The API sets it once at start-up from its
 * configuration (local disk or S3), like `initKv` does for Redis.
 */
let configured: UploadStorage | undefined;

export function configureUploads(storage: UploadStorage): void {
  configured = storage;
}

export function uploadStorage(): UploadStorage {
  if (!configured) throw new Error('configureUploads() was not called');
  return configured;
}
