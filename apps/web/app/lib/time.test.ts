import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTimeOfDay, prettyDate } from './time';

const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('prettyDate', () => {
  it('says 刚刚 for anything under a minute, including clock skew into the future', () => {
    expect(prettyDate(ago(0), now)).toBe('刚刚');
    expect(prettyDate(ago(59_999), now)).toBe('刚刚');
    expect(prettyDate(now + 5_000, now)).toBe('刚刚');
  });

  it('counts whole minutes under an hour', () => {
    expect(prettyDate(ago(minute), now)).toBe('1分钟前');
    expect(prettyDate(ago(59 * minute + 59_000), now)).toBe('59分钟前');
  });

  it('counts whole hours up to and including 24 hours', () => {
    expect(prettyDate(ago(hour), now)).toBe('1小时前');
    expect(prettyDate(ago(day), now)).toBe('24小时前');
  });

  it('counts days past 24 hours up to 30 days', () => {
    expect(prettyDate(ago(day + 1), now)).toBe('1天前');
    expect(prettyDate(ago(30 * day), now)).toBe('30天前');
  });

  it('shows the date after 30 days', () => {
    const old = new Date(2024, 0, 2, 3, 4, 5);
    expect(prettyDate(old, now)).toBe('2024-01-02');
    expect(prettyDate(ago(30 * day + 1), now)).toBe(formatDate(ago(30 * day + 1)));
  });
});

describe('formatDateTime', () => {
  it('pads every field to two digits and never shows seconds', () => {
    expect(formatDateTime(new Date(2023, 8, 7, 6, 5, 4))).toBe('2023-09-07 06:05');
    expect(formatDate(new Date(2023, 8, 7, 6, 5, 4))).toBe('2023-09-07');
    expect(formatTimeOfDay(new Date(2023, 8, 7, 6, 5, 4))).toBe('06:05');
  });
});
