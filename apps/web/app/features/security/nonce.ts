import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the page being rendered on the server (the web server makes one per response,
 * `security.mjs`). Inline scripts we write carry it; in the browser it is undefined, since the
 * scripts have already run.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
