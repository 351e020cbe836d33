import { describe, expect, it } from 'vitest';
import { userIdParam } from './load-user-centre.server';

describe('userIdParam', () => {
  it('reads a positive id', () => {
    expect(userIdParam('1')).toBe(1);
    expect(userIdParam('42')).toBe(42);
  });

  it.each(['0', '-1', 'abc', '1.5', '1e3', '', undefined, '9999999999999999'])(
    'answers 404 for %j',
    (value) => {
      try {
        userIdParam(value);
        expect.unreachable();
      } catch (error) {
        expect((error as { init?: { status?: number } }).init?.status).toBe(404);
      }
    },
  );
});
