import { describe, expect, it } from 'vitest';
import { isOwnerOrAdmin } from './roles';

describe('isOwnerOrAdmin', () => {
  it.each([
    [['owner'], true],
    [['admin'], true],
    [['admin', 'owner'], true],
    [[], false],
    [['moderator'], false],
  ])('roles %j → %s', (roles, expected) => {
    expect(isOwnerOrAdmin({ roles })).toBe(expected);
  });

  it('is false for a visitor', () => {
    expect(isOwnerOrAdmin(null)).toBe(false);
  });
});
