import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, mayReload } from './chunk-reload';

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://x/assets/topic-abc.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }),
    'Uncaught Error: Loading CSS chunk 3 failed',
  ])('recognises %s', (reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it('ignores ordinary errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('mayReload', () => {
  it('allows the first reload and one per 60 s after that', () => {
    const now = 1_000_000;
    expect(mayReload(null, now)).toBe(true);
    expect(mayReload(now - 1_000, now)).toBe(false);
    expect(mayReload(now - CHUNK_RELOAD_GUARD_MS + 1, now)).toBe(false);
    expect(mayReload(now - CHUNK_RELOAD_GUARD_MS, now)).toBe(true);
  });
});
