import { CommonTexts } from '~/texts/common';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The web app's two time formats, used everywhere (through `TimeAgo` where a moment is shown): an
 * exact time is `yyyy-MM-dd HH:mm` in the reader's time zone (seconds are never shown), and a
 * recent one is relative (`prettyDate`). Texts put one space between a word and the time
 * (`发布于 3分钟前`, `收录于 2024-01-02`).
 */

/** `yyyy-MM-dd` in the reader's local time zone. */
export function formatDate(value: number | Date): string {
  const date = new Date(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `yyyy-MM-dd HH:mm` in the reader's local time zone. */
export function formatDateTime(value: number | Date): string {
  const date = new Date(value);
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `HH:mm` in the reader's local time zone. */
export function formatTimeOfDay(value: number | Date): string {
  const date = new Date(value);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * How long ago a moment was, as the forum shows it next to posts and comments: 刚刚, minutes, hours,
 * days up to 30, then the date.
 */
export function prettyDate(value: number | Date, now: number = Date.now()): string {
  const elapsed = now - new Date(value).getTime();
  if (elapsed < MINUTE) return CommonTexts.time.justNow;
  if (elapsed < HOUR) return CommonTexts.time.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed <= DAY) return CommonTexts.time.hoursAgo(Math.floor(elapsed / HOUR));
  if (elapsed <= 30 * DAY) return CommonTexts.time.daysAgo(Math.floor(elapsed / DAY));
  return formatDate(value);
}
