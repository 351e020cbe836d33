/**
 * Image uploads: `POST /api/upload` (docs/legacy-api.md §1.12, §4.12, with Appendix A #5 fixed: a real
 * 10 MB cap and a decode check) and the static `/uploads` folder of the local-disk storage.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { ImageKindSchema } from '@forum/contracts';
import {
  configureUploads,
  createLocalStorage,
  createS3Storage,
  uploadImage,
  type UploadStorage,
} from '@forum/core';
import type { ApiConfig } from '../config';
import { uploadedFiles } from '../http/form-body';
import { contextOf } from './form';
import { requireUser } from './guards';
import { handle } from './handler';

const DEFAULT_UPLOAD_DIR = fileURLToPath(new URL('../../../../.data/uploads', import.meta.url));
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

function storageOf(config: ApiConfig, dir: string): UploadStorage {
  if (!config.S3_BUCKET) {
    return createLocalStorage({ dir, publicUrl: `${config.BASE_URL.replace(/\/+$/, '')}/uploads` });
  }
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find(
    (name) => !config[name],
  );
  if (missing) throw new Error(`invalid configuration: ${missing}: required when S3_BUCKET is set`);
  return createS3Storage({
    endpoint: config.S3_ENDPOINT!,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    region: config.S3_REGION,
    ...(config.S3_PUBLIC_URL ? { publicUrl: config.S3_PUBLIC_URL } : {}),
  });
}

/**
 * Chooses the upload storage from the settings (S3 when S3_BUCKET is set, else UPLOAD_DIR) and
 * returns the handler that serves the local folder at `/uploads`.
 */
export function mountUploads(config: ApiConfig): RequestHandler {
  const dir = resolve(config.UPLOAD_DIR ?? DEFAULT_UPLOAD_DIR);
  configureUploads(storageOf(config, dir));
  // serve-static never leaves `dir` ('..' is refused). Names are content hashes, so a file never
  // changes and may be cached for ever; nosniff and a sandboxing CSP keep a browser from treating
  // a served file as anything but an image. Images are public: a front end on another origin or a
  // CDN may embed them.
  return express.static(dir, {
    maxAge: ONE_YEAR_SECONDS * 1000,
    immutable: true,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: false,
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
}

/** The uploaded file of the `image` field; other fields' files are ignored. */
function imageFile(req: Request): Buffer | undefined {
  return uploadedFiles(req).find((file) => file.fieldname === 'image')?.buffer;
}

/** The one route that takes a file: the legacy router gives it the upload form's limits. */
export const UPLOAD_PATH = '/upload';

export function uploadRoutes(api: Router): void {
  api.post(
    UPLOAD_PATH,
    handle(async (req) => {
      const user = await requireUser(req);
      // `kind` is our extension (avatar copies, scaled backgrounds); bbs-go clients never send it.
      const kind = ImageKindSchema.catch('image').parse(
        (req.body as Record<string, unknown> | undefined)?.kind,
      );
      return uploadImage(contextOf(req, user), { bytes: imageFile(req), kind });
    }),
  );
}
