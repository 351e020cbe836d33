/**
 * How bbs-go read a request (docs/legacy-api.md §0.2), in one place: form values, Go's number and bool
 * parsing with its error texts, comma lists, the integer `{id}` of a route, and where a request
 * came from. Every legacy endpoint reads its input through these.
 */
import type { Request, RequestHandler } from 'express';
import type { TopicImage } from '@forum/contracts';
import { AppError, parseInput, type RequestContext, type UserDoc } from '@forum/core';
import { requestContextOf } from '../context';

/** What the form helpers read of a request: its parsed body and query string. */
export type FormSource = Pick<Request, 'body' | 'query'>;

/** A form field as bbs-go's FormValue reads it: the body first, then the query string. */
export function formValue(req: FormSource, name: string): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const fromBody = body?.[name];
  if (typeof fromBody === 'string') return fromBody;
  const fromQuery = req.query?.[name];
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

/** A form field as FormValue reads it, '' when absent. */
export const formText = (req: FormSource, name: string): string => formValue(req, name) ?? '';

/** A field bbs-go read with PostValue: the form body only, never the query string; '' when absent. */
export function bodyText(req: FormSource, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** An int64 field; a missing or unparsable value falls back to `fallback`, as in bbs-go. */
export function formInt(req: FormSource, name: string, fallback = 0): number {
  const raw = formValue(req, name)?.trim();
  if (!raw || !/^[+-]?\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : fallback;
}

/** Go's strconv.ParseBool. */
export function parseGoBool(raw: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(raw)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(raw)) return false;
  return undefined;
}

/** Go's strconv.ParseInt for an int64, up to the 18 digits every int64 can hold. */
const parseInt64 = (raw: string) => (/^[+-]?\d{1,18}$/.test(raw) ? Number(raw) : undefined);

/** A required form value in bbs-go's words: a missing one, then Go's parse error. */
export function requiredParam<T>(
  req: FormSource,
  name: string,
  parse: (raw: string) => T | undefined,
  kind: string,
): T {
  const raw = formValue(req, name);
  if (raw === undefined || raw === '')
    throw new AppError('INVALID_INPUT', `unable to find param value '${name}'`);
  const value = parse(raw);
  if (value === undefined) {
    throw new AppError('INVALID_INPUT', `strconv.${kind}: parsing ${JSON.stringify(raw)}: invalid syntax`);
  }
  return value;
}

/** A required int64 form value, with bbs-go's texts for a missing and an unparsable one. */
export const requiredInt = (req: FormSource, name: string): number =>
  requiredParam(req, name, parseInt64, 'ParseInt');

/** A comma-separated list of ids; unparsable items are skipped (docs/legacy-api.md §0.2). */
export function idsOf(req: FormSource, name: string): number[] {
  return formText(req, name)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => /^\d{1,15}$/.test(item))
    .map(Number);
}

/** `tags` is a comma-separated list (docs/legacy-api.md §0.2). */
export function tagsOf(req: Request): string[] {
  return formText(req, 'tags')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** `imageList` is a JSON string of `[{"url": …}]`; anything that is not an array is ignored (docs/legacy-api.md §0.2). */
export function imagesOf(req: Request): TopicImage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(formText(req, 'imageList') || 'null');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((item: unknown) => {
    const url = (item as { url?: unknown } | null)?.url;
    return { url: typeof url === 'string' ? url : '' };
  });
}

/**
 * A guard that lets the route answer only when the path parameter `name` matches `pattern`; any
 * other value leaves the request to the routes after it, as an unmatched route would. The fast
 * path of public reads evaluates the same check (`routeCondition`).
 */
export function paramMatches(name: string, pattern: RegExp): RequestHandler {
  const guard: RequestHandler = (req, _res, next) =>
    next(pattern.test(String(req.params[name])) ? undefined : 'route');
  ROUTE_CONDITIONS.set(guard, { name, pattern });
  return guard;
}

/** The parameter check of a `paramMatches` guard. */
export interface RouteCondition {
  name: string;
  pattern: RegExp;
}

const ROUTE_CONDITIONS = new WeakMap<RequestHandler, RouteCondition>();

/** The check a handler stands for when it is a `paramMatches` guard. */
export const routeCondition = (handler: RequestHandler): RouteCondition | undefined =>
  ROUTE_CONDITIONS.get(handler);

/** bbs-go's `{id}` only matches an integer; anything else is an unmatched route (404). */
export const numericId = paramMatches('id', /^\d{1,15}$/);

/** The `{id}` of a route guarded by `numericId`. */
export const idOf = (req: Pick<Request, 'params'>): number => Number(req.params.id);

/**
 * The request context of a legacy call: `actor` is the user the handler resolved or a guard
 * admitted (null for a visitor). Use cases decide what a missing actor may do.
 */
export function contextOf(req: Request, actor: UserDoc | null | undefined): RequestContext {
  return requestContextOf(req, actor ?? null);
}

/**
 * The fields a handler read from the form, parsed with the contract schema its tRPC twin declares
 * as `.input()`; the first issue's text (the schemas carry the Chinese messages) is the answer.
 */
export const parseForm = parseInput;
