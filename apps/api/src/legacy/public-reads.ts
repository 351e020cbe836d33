/**
 * Public reads answered in front of Express. A GET of a public read (a topic list, a topic, a
 * profile: the routes made by `handlePublic`) that the answer cache does not hold is worked out
 * here with the route's own read, shared through the cache for visitors and made anew for a reader
 * who names a token, and sent with the headers Express would have sent.
 * Express's request and response objects, its router and the middleware chain cost an uncached
 * list page about a third of its CPU (measured in docs/benchmark.md), and for these requests they
 * decide nothing: no body, no conditional headers, a path whose route is known exactly.
 *
 * Exactness over reach: the path is matched against the legacy routes in the order Express tries
 * them, and any request this module cannot place with certainty (a route pattern it does not read,
 * upper-case letters or escapes in the path, a trailing slash, a guard it does not know, a read
 * that fails) goes to Express, which answers it as before.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Router } from 'express';
import type { Logger } from '@forum/core';
import type { Answer } from '../http/answer-cache';
import { logAnswered, requestIdOf } from '../http/request-log';
import { tokenOf } from '../context';
import { JSON_TYPE } from './envelope';
import { routeCondition, type RouteCondition } from './form';
import {
  keepAnswerHeaders,
  publicReadOf,
  readerAnswer,
  visitorAnswer,
  type PublicRead,
  type PublicRequest,
} from './handler';
import { legacyRoutesBySegment, type LegacyRoute } from './router';

/** A route as this module reads it: its path's segments, and what it answers with when it can. */
interface Route {
  /** Literal segments and `:name` parameters; null for a path this module does not read. */
  segments: { literal?: string; param?: string }[] | null;
  /** Any method (`all`) or GET. */
  answersGet: boolean;
  /** The public read and the parameter checks before it; absent when Express must run the route. */
  read?: { conditions: RouteCondition[]; read: PublicRead; label: string };
}

export interface PublicReads {
  /**
   * Answers the request when it is a public read this module can place; false when it must go to
   * Express (nothing has been sent then).
   */
  answer(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

const LITERAL = /^[a-z0-9_.-]+$/;
const PARAM = /^:([A-Za-z_]\w*)$/;
/** A path this module places: lower-case segments without escapes, no empty one, no trailing slash. */
const PLAIN_PATH = /^(?:\/[a-z0-9_.-]+)+$/;

function routeOf({ method, path, handlers }: LegacyRoute, mount: string): Route {
  const parts = path.split('/').slice(1);
  const segments = parts.every((part) => LITERAL.test(part) || PARAM.test(part))
    ? parts.map((part) => {
        const param = PARAM.exec(part)?.[1];
        return param ? { param } : { literal: part };
      })
    : null;
  const route: Route = { segments, answersGet: method === 'get' || method === 'all' };
  const last = handlers.at(-1);
  const read = last && publicReadOf(last);
  const conditions = handlers.slice(0, -1).map(routeCondition);
  if (method === 'get' && segments && read && conditions.every(Boolean)) {
    route.read = { conditions: conditions as RouteCondition[], read, label: `${mount}${path}` };
  }
  return route;
}

/** The route's parameters when `parts` is its path; null when it is not. */
function matchOf(route: Route, parts: string[]): Record<string, string> | null {
  const segments = route.segments!;
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const { literal, param } = segments[i]!;
    if (param) params[param] = parts[i]!;
    else if (literal !== parts[i]) return null;
  }
  return params;
}

/** The weak ETag Express gives a body it sends: its length and SHA-1, as the `etag` package writes it. */
export function weakEtag(body: Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
}

/**
 * The fast path over the legacy router mounted at `mount` (`/api`). `securityHeaders` are the
 * headers every API answer carries (see http/security-headers.ts).
 */
export function publicReads(
  router: Router,
  mount: string,
  securityHeaders: ReadonlyMap<string, string>,
  log: Logger,
): PublicReads {
  const bySegment = new Map<string, Route[]>();
  for (const [segment, routes] of legacyRoutesBySegment(router)) {
    bySegment.set(
      segment,
      routes.map((route) => routeOf(route, mount)),
    );
  }
  const fixedHeaders = Object.fromEntries(securityHeaders);

  /** The read answering `path` and its parameters, as Express would pick the route; null: Express's to decide. */
  function place(path: string): { route: NonNullable<Route['read']>; params: Record<string, string> } | null {
    if (!PLAIN_PATH.test(path)) return null;
    const parts = path.split('/').slice(1);
    for (const route of bySegment.get(parts[0]!) ?? []) {
      if (!route.answersGet) continue;
      // A pattern this module does not read might match: only Express can tell.
      if (!route.segments) return null;
      const params = matchOf(route, parts);
      if (!params) continue;
      if (!route.read) return null;
      // A guard that refuses passes the request on to the next route, as in Express.
      if (route.read.conditions.every(({ name, pattern }) => pattern.test(params[name]!))) {
        return { route: route.read, params };
      }
    }
    return null;
  }

  return {
    async answer(req, res) {
      const url = req.url ?? '';
      // A token in the query string is never read; such a request goes the long way.
      if (req.method !== 'GET' || !url.startsWith(`${mount}/`) || url.includes('userToken')) return false;
      const headers = req.headers;
      // A body, or a conditional request (answered 304 by Express), goes the long way.
      if (headers['transfer-encoding'] !== undefined) return false;
      if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
      if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return false;
      const queryAt = url.indexOf('?');
      const path = url.slice(mount.length, queryAt < 0 ? undefined : queryAt);
      const placed = place(path);
      if (!placed) return false;
      const started = performance.now();
      const request: PublicRequest = {
        originalUrl: url,
        params: placed.params,
        query: queryAt < 0 ? {} : parseQuery(url.slice(queryAt + 1)),
        body: undefined,
        headers,
        get: (name) => {
          const value = headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : value;
        },
      };
      // A reader who names a token, valid or not, gets an answer of their own, as in handlePublic.
      const visitor = tokenOf(request) === null;
      let answer: Answer | undefined;
      let body: Buffer;
      try {
        if (visitor) ({ answer, body } = await visitorAnswer(request, placed.route.read));
        else body = await readerAnswer(request, placed.route.read);
      } catch {
        // Express answers the error as the route always has (its envelope, its log line).
        return false;
      }
      const sent: Record<string, string> = {
        ...fixedHeaders,
        'content-type': JSON_TYPE,
        etag: weakEtag(body),
      };
      const id = requestIdOf(req);
      // The metrics label the answer by its route, as they label Express's.
      Object.assign(req, { baseUrl: mount, route: { path: placed.route.label.slice(mount.length) } });
      res.writeHead(200, { ...sent, 'x-request-id': id, 'content-length': body.length });
      res.end(body);
      if (answer) keepAnswerHeaders(url, answer, sent);
      logAnswered(log, { id, url, status: 200, started });
      return true;
    },
  };
}
