import { startTransition, StrictMode, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installChunkReload } from '~/features/chunk-reload/chunk-reload';
import { registerServiceWorker } from '~/features/pwa/service-worker';
import { NonceContext, pageNonce } from '~/features/security/nonce';

// Installed before hydration so a chunk that fails during start-up is caught too.
installChunkReload();
registerServiceWorker();

const app = (
  <StrictMode>
    <NonceContext.Provider value={pageNonce()}>
      <HydratedRouter />
    </NonceContext.Provider>
  </StrictMode>
);

/**
 * Preact hydrates a parent's children, and the page's root element is `<html>`, which no element
 * holds: this stands in for the document as the parent whose one child is `<html>`.
 *
 * Preact also pairs the server's elements with the render's by tag, in order, while React's server
 * render moves some `<link>`s into `<head>` that the browser's render never lists there: the module
 * preloads of `<Scripts>` and the preloads of images. Those have done their work once this module
 * runs, so they go, and the `<link>`s left stand as the render lists them (the root's `links`
 * put the stylesheets last for that).
 */
function documentAsParent(): Element {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')) {
    link.remove();
  }
  const html = document.documentElement;
  const place = (node: Node) => {
    if (node !== html) document.replaceChild(node, html);
    return node;
  };
  return {
    childNodes: [html],
    firstChild: html,
    ownerDocument: document,
    insertBefore: place,
    appendChild: place,
  } as unknown as Element;
}

startTransition(() => {
  // The browser build runs on Preact (vite.config.ts). Besides the parent above, it needs a
  // Suspense boundary: HydratedRouter's first render waits for the router state it decodes from the
  // page by throwing a promise, which React's root waits on by itself.
  if (import.meta.env.PREACT) hydrateRoot(documentAsParent(), <Suspense fallback={null}>{app}</Suspense>);
  else hydrateRoot(document, app);
});
