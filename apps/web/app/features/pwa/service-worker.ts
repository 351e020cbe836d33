/**
 * Registers `/sw.js` (apps/web/public/sw.js) once the page has loaded, so it never competes with the
 * page's own start. Browsers allow service workers on https and on localhost only. Under Vite's dev
 * server it is harmless: the worker keeps only `/assets/` files, which the dev server does not use.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
