import { describe, expect, it } from 'vitest';
import { externalUrl } from './external-url';

describe('externalUrl', () => {
  it('accepts http and https addresses', () => {
    expect(externalUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(externalUrl('http://example.com')).toBe('http://example.com/');
  });

  it('refuses other schemes, relative paths and nothing', () => {
    for (const value of ['javascript:alert(1)', 'data:text/html,x', '/topics', 'example.com', '', null]) {
      expect(externalUrl(value)).toBeNull();
    }
  });
});
