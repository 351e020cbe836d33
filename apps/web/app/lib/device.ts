const MOBILE_AGENT = /mobile|android|webos|iphone|blackberry|micromessenger/i;

/** Server-side guess of a phone from the User-Agent (layout itself is responsive CSS). */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_AGENT.test(userAgent ?? '');
}
