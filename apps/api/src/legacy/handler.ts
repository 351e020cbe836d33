import type { Request, RequestHandler, Response } from 'express';
import { AnswerCache, type Answer } from '../http/answer-cache';
import { tokenOf, type HeaderSource } from '../context';
import { JSON_TYPE, ok, send, serialiseEnvelope } from './envelope';

export type LegacyHandler = (req: Request) => Promise<unknown>;

/** Wraps a handler: its result goes out as `ok(data)`; a thrown error reaches the envelope handler. */
export function handle(handler: LegacyHandler) {
  return async (req: Request, res: Response): Promise<void> => {
    const data = await handler(req);
    send(res, ok(data));
  };
}

/** Anonymous answers of public reads, shared by every route of this process that opts in. */
export const publicAnswers = new AnswerCache();

const serialiseOk = (data: unknown) => serialiseEnvelope(ok(data));

const EMPTY = Buffer.alloc(0);

/**
 * What a public read may read of its request: its parameters, form and headers. The fast path in
 * front of Express (`public-reads.ts`) hands public reads no more than this.
 */
export interface PublicRequest
  extends HeaderSource, Pick<Request, 'query' | 'params' | 'body' | 'originalUrl'> {}

export type PublicHandler = (req: PublicRequest) => Promise<unknown>;

/** What a cached answer must bring up to date on every request, made from the request's parameters. */
export type Freshen = (req: PublicRequest) => (data: unknown) => Promise<unknown>;

/** A public read's parts, as `handlePublic` was given them. */
export interface PublicRead {
  handler: PublicHandler;
  freshen?: Freshen;
}

const publicReads = new WeakMap<RequestHandler, PublicRead>();

/** The read a route handler made by `handlePublic` answers with; undefined for any other handler. */
export const publicReadOf = (handler: RequestHandler): PublicRead | undefined => publicReads.get(handler);

/** Response headers that describe one request or connection, never replayed from a cached answer. */
const PER_REQUEST_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'set-cookie',
]);

/**
 * A visitor's answer to a public read, shared through `publicAnswers` under the request's URL, and
 * the body to send for this request (brought up to date by the read's `freshen`).
 */
export async function visitorAnswer(
  req: PublicRequest,
  { handler, freshen }: PublicRead,
): Promise<{ answer: Answer; body: Buffer }> {
  const answer = await publicAnswers.get(req.originalUrl, async () => {
    const data = await handler(req);
    const update = freshen?.(req);
    return {
      // Kept only for the refresh: an entry lives until 2,000 newer ones push it out, so whatever
      // it holds is copied by the young generation's collections and moved to the old one, where
      // a page's objects kept for nothing made the full collections (see docs/read-model.md).
      data: update ? data : undefined,
      // An answer that is refreshed on every request never sends `body`: not serialised twice.
      body: update ? EMPTY : serialiseOk(data),
      refresh: update && (async (cached: unknown) => serialiseOk(await update(cached))),
    };
  });
  return { answer, body: answer.refresh ? await answer.refresh(answer.data) : answer.body };
}

/**
 * The answer to a public read for a reader who named a token (valid or not): made anew for them,
 * never shared, brought up to date by the read's `freshen` like a visitor's.
 */
export async function readerAnswer(req: PublicRequest, { handler, freshen }: PublicRead): Promise<Buffer> {
  const data = await handler(req);
  return serialiseOk(freshen ? await freshen(req)(data) : data);
}

/** Keeps the headers an answer went out with, for the cache's hits to replay. */
export function keepAnswerHeaders(
  key: string,
  answer: Answer,
  sent: Record<string, number | string | string[] | undefined>,
): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent)) {
    if (PER_REQUEST_HEADERS.has(name) || value === undefined) continue;
    // A refreshed answer differs from request to request: its ETag must not be replayed.
    if (name === 'etag' && answer.refresh) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  publicAnswers.keepHeaders(key, answer, headers);
}

/**
 * A public read whose answer depends only on its URL for visitors who are not signed in: those
 * answers come from `publicAnswers` (and, once cached, from the fast path in front of Express).
 * `freshen` adds what must be current on every request (a view count), cached answer or not, and
 * is where such a request's side effect belongs. A GET of such a route usually never reaches this
 * Express handler: `public-reads.ts` answers it in front of Express, the same way.
 */
export function handlePublic(handler: PublicHandler, freshen?: Freshen): RequestHandler {
  const read: PublicRead = { handler, freshen };
  const route = async (req: Request, res: Response): Promise<void> => {
    // Whether the request names a token decides it, valid or not (an invalid one reads as a
    // visitor but is still answered anew). A handler that needs the reader resolves them itself,
    // side by side with its own reads, so a list that is the same for everyone waits for no
    // session lookup at all.
    if (tokenOf(req) !== null || req.method !== 'GET') {
      res
        .status(200)
        .type(JSON_TYPE)
        .send(await readerAnswer(req, read));
      return;
    }
    const { answer, body } = await visitorAnswer(req, read);
    res.status(200).type(JSON_TYPE).send(body);
    keepAnswerHeaders(req.originalUrl, answer, res.getHeaders());
  };
  publicReads.set(route, read);
  return route;
}

/**
 * A read whose answer is the same for every caller, signed in or not, and depends only on the
 * parameters `parse` reads (a search form, sent by POST as bbs-go clients do): its answers are
 * shared through `publicAnswers` under those parameters, so they follow the read model's stamp too.
 */
export function handleShared<Input>(
  parse: (req: Request) => Input,
  handler: (input: Input) => Promise<unknown>,
) {
  return async (req: Request, res: Response): Promise<void> => {
    const input = parse(req);
    const key = `${req.path}\n${JSON.stringify(input)}`;
    const answer = await publicAnswers.get(key, async () => {
      const data = await handler(input);
      // Never refreshed: the bytes are all the entry needs (see `visitorAnswer`).
      return { data: undefined, body: serialiseOk(data) };
    });
    res.status(200).type(JSON_TYPE).send(answer.body);
  };
}
