import { describe, expect, it } from 'vitest';
import { writeRowName } from './writes';

describe('write rows', () => {
  it('are chosen by the names the report prints, the favourite row included', () => {
    // `--only` keeps the rows whose names start with one of its words (bench.ts), and reads these.
    expect(writeRowName({ kind: 'favorite', connections: 20 })).toBe('write: favourite, 20 users');
    expect(writeRowName({ kind: 'comment', connections: 100 })).toBe('write: comment, 100 users');
  });
});
