import { describe, expect, it } from 'vitest';
import { idParam } from '~/features/lists/pagination';

describe('idParam for a user id', () => {
  it('reads a positive id', () => {
    expect(idParam('1')).toBe(1);
    expect(idParam('42')).toBe(42);
  });

  it.each(['0', '-1', 'abc', '1.5', '1e3', '', undefined, '9999999999999999'])(
    'answers 404 for %j',
    (value) => {
      try {
        idParam(value);
        expect.unreachable();
      } catch (error) {
        expect((error as { init?: { status?: number } }).init?.status).toBe(404);
      }
    },
  );
});
