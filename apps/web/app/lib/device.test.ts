import { describe, expect, it } from 'vitest';
import { isMobileUserAgent } from './device';

describe('isMobileUserAgent', () => {
  it('recognises phones and the WeChat browser', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
      true,
    );
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 MicroMessenger/8.0.40')).toBe(true);
  });

  it('treats desktop browsers and a missing header as not mobile', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36')).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });
});
