/**
 * The server render of a page: React's stream, with this response's CSP nonce on every script the
 * router and React write inline (the hydration data, streamed loader data) and on ours (the theme
 * switch, through NonceContext). Crawlers get the whole page at once.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from '~/features/security/nonce';

declare module 'react-router' {
  interface AppLoadContext {
    cspNonce?: string;
    /** Render for "a signed-in reader not yet known": the page cache's shared render (page-cache.mjs). */
    sharedViewer?: boolean;
  }
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // `react-router dev` passes no context: no CSP there, so no nonce either.
  const nonce = loadContext?.cspNonce;
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors of the shell reject and are logged by the router; these came while streaming.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Rejected deferred data gets time to flush as errors before the stream is cut.
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
