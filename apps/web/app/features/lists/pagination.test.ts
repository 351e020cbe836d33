import { describe, expect, it } from 'vitest';
import { idParam, orNotFound, pageCount, pageNumbers, pageParam } from './pagination';

describe('pageNumbers', () => {
  it.each([
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [1, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [1, 1, [1]],
  ])('page %i of %i shows %j', (page, pages, numbers) => {
    expect(pageNumbers(page, pages)).toEqual(numbers);
  });

  it('shows nothing when there are no pages', () => {
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('keeps the last five when the page asked for is past the end', () => {
    expect(pageNumbers(40, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('pageCount', () => {
  it('rounds a partial page up', () => {
    expect(pageCount({ limit: 20, total: 41 })).toBe(3);
    expect(pageCount({ limit: 20, total: 40 })).toBe(2);
    expect(pageCount({ limit: 200, total: 0 })).toBe(0);
  });
});

function statusOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    // data() throws a DataWithResponseInit, which React Router turns into an error response.
    return (error as { init?: { status?: number } }).init?.status;
  }
  return undefined;
}

describe('pageParam', () => {
  it('reads an absent page as the first', () => {
    expect(pageParam(undefined)).toBe(1);
    expect(pageParam('7')).toBe(7);
  });

  it.each(['0', '-1', 'abc', '1.5', '9999999', '999999'])('answers 404 for %s', (value) => {
    expect(statusOf(() => pageParam(value))).toBe(404);
  });
});

describe('idParam', () => {
  it.each(['0', 'x', '', '12a'])('answers 404 for %j', (value) => {
    expect(statusOf(() => idParam(value))).toBe(404);
  });

  it('reads a positive id', () => {
    expect(idParam('42')).toBe(42);
  });
});

describe('orNotFound', () => {
  it('turns the API not-found error into a 404', async () => {
    const failure = Promise.reject(Object.assign(new Error('链接不存在'), { data: { code: 'NOT_FOUND' } }));
    const error = await orNotFound(failure).catch((e: unknown) => e);
    expect((error as { init?: { status?: number } }).init?.status).toBe(404);
  });

  it('lets other failures through', async () => {
    const failure = Promise.reject(new Error('down'));
    await expect(orNotFound(failure)).rejects.toThrow('down');
  });
});
