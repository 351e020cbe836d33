/**
 * Whether a User-Agent is a phone's. Plain JavaScript so that both the app (through device.ts) and
 * the web server's page cache (which keys pages by device class) use this one pattern.
 */
const MOBILE_AGENT = /mobile|android|webos|iphone|blackberry|micromessenger/i;

/** @param {string | null | undefined} userAgent */
export function isMobileUserAgent(userAgent) {
  return MOBILE_AGENT.test(userAgent ?? '');
}
