/**
 * helmet's security headers, worked out once. They depend on nothing in the request, and helmet
 * sets them through a dozen middleware calls per request, which costs an uncached API answer more
 * than setting one prepared list. The list is what helmet itself sets, read from a dry run at start.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with `options`, and those it removes. */
export function preparedSecurityHeaders(options: HelmetOptions): {
  headers: Map<string, string>;
  removed: string[];
} {
  const headers = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void removed.push(name),
  };
  let ran = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => (ran = true));
  if (!ran) throw new Error('helmet did not finish synchronously: its headers cannot be prepared');
  return { headers, removed };
}

/** helmet's headers with `options` as one middleware. */
export function securityHeaders(options: HelmetOptions) {
  const { headers, removed } = preparedSecurityHeaders(options);
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeaders(headers);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
