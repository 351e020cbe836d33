import { CommonTexts } from '~/texts/common';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (value: number) => String(value).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in the reader's local time zone. */
export function formatDateTime(value: number | Date): string {
  const date = new Date(value);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** How long ago a moment was, as the forum shows it next to posts and comments. */
export function prettyDate(value: number | Date, now: number = Date.now()): string {
  const elapsed = now - new Date(value).getTime();
  if (elapsed < MINUTE) return CommonTexts.time.justNow;
  if (elapsed < HOUR) return CommonTexts.time.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed <= DAY) return CommonTexts.time.hoursAgo(Math.floor(elapsed / HOUR));
  if (elapsed <= 30 * DAY) return CommonTexts.time.daysAgo(Math.floor(elapsed / DAY));
  return formatDateTime(value);
}
