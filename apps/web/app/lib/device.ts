/**
 * Server-side guess of a phone from the User-Agent (layout itself is responsive CSS). The pattern
 * lives in mobile-agent.mjs, which the page cache reads too: pages are cached per device class.
 */
export { isMobileUserAgent } from './mobile-agent.mjs';
