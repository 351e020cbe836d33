/** Days as points count them: yyyyMMdd in the site's time zone. */
import { getSiteConfig } from '../config/site-config';

/** The site's time zone for day boundaries: `siteTimeZone` of the site config, changed at runtime. */
export async function siteTimeZone(): Promise<string> {
  return (await getSiteConfig()).siteTimeZone;
}

/** yyyyMMdd of `time` in `timeZone`. */
export function dayNameOf(time: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(time);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return Number(`${part('year')}${part('month')}${part('day')}`);
}

/** yyyyMMdd of `time` in the site's time zone now. */
export async function siteDayNameOf(time: number): Promise<number> {
  return dayNameOf(time, await siteTimeZone());
}
