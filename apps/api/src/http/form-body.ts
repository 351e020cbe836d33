/**
 * Form bodies of the legacy layer (urlencoded and multipart), read only by a route that exists and
 * takes a form, and never held in memory beyond what that form may carry: the whole body is counted
 * while it streams in, and the moment it passes its limit (or declares a length past it) the request
 * is refused and its connection closed, whatever the fields look like. A body of 1,000 fields of
 * 2 MB each is refused after its first 2 MB, not parsed into 2 GB of strings.
 */
import { Transform, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  MAX_REQUEST_BODY_BYTES,
  RequestBodyMessages,
  UPLOAD_MAX_BYTES,
  UploadMessages,
} from '@forum/contracts';
import { AppError } from '@forum/core';
import { sendRefusal, type BodyRefusal } from './request-body';

export interface FormLimits {
  /** The whole body, boundaries and part headers included. */
  totalBytes: number;
  /** Fields (not files) a form may carry; no legacy form has more than a score. */
  fields: number;
  /** Files kept; further file parts are read past and dropped. 0 for forms without a file. */
  files: number;
  /** The largest file kept. */
  fileBytes: number;
}

/** Every field of every legacy form fits: the largest (an admin's user edit) has about 15. */
export const FORM_MAX_FIELDS = 64;

/** A form: fields only, within the body limit of every transport. */
export const formLimits: FormLimits = {
  totalBytes: MAX_REQUEST_BODY_BYTES,
  fields: FORM_MAX_FIELDS,
  files: 0,
  fileBytes: 0,
};

/** The upload form: one image up to the upload cap, and its few fields beside it. */
export const uploadLimits: FormLimits = {
  totalBytes: UPLOAD_MAX_BYTES + 64 * 1024,
  fields: 8,
  files: 1,
  fileBytes: UPLOAD_MAX_BYTES,
};

/** An uploaded file as handlers read it (`req.files`). */
export interface UploadedFile {
  fieldname: string;
  buffer: Buffer;
}

type WithFiles = Request & { files?: UploadedFile[] };

/** The files the route's form parser kept. */
export const uploadedFiles = (req: Request): UploadedFile[] => (req as WithFiles).files ?? [];

const tooLarge: BodyRefusal = { status: 413, message: RequestBodyMessages.tooLarge };
const malformed: BodyRefusal = { status: 400, message: RequestBodyMessages.malformed };

/** The form parser of a route: urlencoded or multipart bodies within `limits`; other bodies pass. */
export function formBody(limits: FormLimits): RequestHandler {
  const urlencoded = express.urlencoded({
    extended: false,
    limit: limits.totalBytes,
    parameterLimit: limits.fields,
  });
  return (req, res, next) => {
    if (req.is('multipart/form-data')) return parseMultipart(req, res, next, limits);
    urlencoded(req, res, next);
  };
}

function declaredLength(req: Request): number | undefined {
  const header = req.get('content-length');
  return header === undefined ? undefined : Number(header);
}

function parseMultipart(req: Request, res: Response, next: NextFunction, limits: FormLimits): void {
  const length = declaredLength(req);
  if (length !== undefined && length > limits.totalBytes) return sendRefusal(res, tooLarge);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: {
        fieldNameSize: 100,
        // One byte more than the body may hold: a value is never cut short, the total stops first.
        fieldSize: limits.totalBytes + 1,
        fields: limits.fields,
        files: limits.files,
        fileSize: limits.fileBytes,
        parts: limits.fields + limits.files + 8,
        headerPairs: 16,
      },
    });
  } catch {
    // No boundary, or not multipart at all.
    return sendRefusal(res, malformed);
  }

  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  const files: UploadedFile[] = [];
  let openFiles = 0;
  let parsed = false;
  let settled = false;

  const stop = () => {
    settled = true;
    req.unpipe(counter);
    counter.unpipe(parser);
    parser.removeAllListeners();
    // A late error of the abandoned parser has nowhere to go.
    parser.on('error', () => undefined);
    counter.on('error', () => undefined);
    req.pause();
  };
  const fail = (refusal: BodyRefusal) => {
    if (settled) return;
    stop();
    sendRefusal(res, refusal);
  };
  const failWith = (error: AppError) => {
    if (settled) return;
    stop();
    next(error);
  };
  const finish = () => {
    if (settled || !parsed || openFiles > 0) return;
    settled = true;
    req.body = fields;
    (req as WithFiles).files = files;
    next();
  };

  const counter = countingStream(limits.totalBytes);
  counter.on('error', () => fail(tooLarge));
  parser.on('field', (name, value, info) => {
    if (info.nameTruncated) return fail(malformed);
    const previous = fields[name];
    fields[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  });
  parser.on('file', (name, stream) => {
    openFiles++;
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('limit', () => failWith(new AppError('INVALID_INPUT', UploadMessages.tooLarge)));
    stream.on('end', () => {
      openFiles--;
      if (!(stream as { truncated?: boolean }).truncated)
        files.push({ fieldname: name, buffer: Buffer.concat(chunks) });
      finish();
    });
  });
  parser.on('fieldsLimit', () => fail(tooLarge));
  parser.on('partsLimit', () => fail(tooLarge));
  // A file part beyond `files` is skipped by the parser (its bytes still count against the total).
  parser.on('error', () => fail(malformed));
  parser.on('close', () => {
    parsed = true;
    finish();
  });
  req.on('error', () => fail(malformed));
  req.pipe(counter).pipe(parser);
}

/** Passes bytes through until more than `limit` have passed, then fails. */
function countingStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new Error('body over its limit'));
      else callback(null, chunk);
    },
  });
}
