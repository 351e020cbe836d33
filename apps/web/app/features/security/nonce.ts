import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the page (the web server makes one per response, `security.mjs`). Inline
 * scripts carry it. The browser hydrates with the same value (`pageNonce`), so the elements that
 * carry it match the server's markup.
 */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce the server rendered this page with; the `nonce` property keeps it after the attribute is hidden. */
export function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

export const useNonce = () => useContext(NonceContext);
