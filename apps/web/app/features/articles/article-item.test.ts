import { describe, expect, it } from 'vitest';
import { articleHref, isPending } from './article-item';

describe('article items', () => {
  it('marks only articles waiting for review', () => {
    expect(isPending({ status: 2 })).toBe(true);
    expect(isPending({ status: 0 })).toBe(false);
  });

  it('links to the article page', () => {
    expect(articleHref(8)).toBe('/article/8');
  });
});
