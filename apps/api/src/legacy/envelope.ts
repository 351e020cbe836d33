/**
 * The bbs-go JSON envelope (docs/legacy-api.md §0.5): `{errorCode, message, data, success}` in that key
 * order, always with HTTP 200.
 */
import type { Response } from 'express';
import { ErrorMessages, LegacyErrorCodes } from '@forum/contracts';
import { AppError } from '@forum/core';
import { encodeJson } from './json-text';

export interface LegacyEnvelope<T = unknown> {
  errorCode: number;
  message: string;
  data: T | null;
  success: boolean;
}

export function ok<T>(data: T): LegacyEnvelope<T> {
  return { errorCode: 0, message: '', data: data ?? null, success: true };
}

export function fail(errorCode: number, message: string, data: unknown = null): LegacyEnvelope {
  return { errorCode, message, data, success: false };
}

/** Coded errors keep their numeric code; the rest are "message" errors with code 0. */
export function envelopeOf(error: unknown): LegacyEnvelope {
  if (AppError.is(error)) return fail(LegacyErrorCodes[error.code] ?? 0, error.message);
  return fail(0, ErrorMessages.INTERNAL);
}

/**
 * bbs-go turned anti-spam failures into plain message errors carrying the coded text
 * ("1000: 验证码错误", "1004: 请先验证邮箱", docs/legacy-api.md Appendix A #1); legacy clients show that text. For
 * the `.catch` of a create endpoint.
 */
export function spamErrorAsMessage(error: unknown): never {
  if (AppError.is(error) && (error.code === 'CAPTCHA_INVALID' || error.code === 'EMAIL_NOT_VERIFIED')) {
    throw new AppError('INVALID_INPUT', `${LegacyErrorCodes[error.code]}: ${error.message}`);
  }
  throw error;
}

/** What every envelope goes out as (the type Express gives a JSON string it sends). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The envelope as UTF-8 JSON, with any rows serialised beforehand copied in as they are (see json-text.ts). */
export function serialiseEnvelope(body: LegacyEnvelope): Buffer {
  return encodeJson(body);
}

export function send(res: Response, body: LegacyEnvelope): void {
  res.status(200).type(JSON_TYPE).send(serialiseEnvelope(body));
}
