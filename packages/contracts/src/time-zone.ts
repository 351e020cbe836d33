/** Time zone names, browser-safe (no zod): the site setting's schema and the pages both check them. */

/** Whether `zone` is an IANA time zone name this runtime knows (offsets such as "+08:00" are not). */
export function isTimeZoneName(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
