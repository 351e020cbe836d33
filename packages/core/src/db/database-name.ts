/** The database every process of one site uses when `MONGO_URL` names none and `MONGO_DB` is unset. */
export const DEFAULT_DATABASE = 'forum';

/**
 * One rule for every process (api, worker, demo, reindex), so they all read and write the same
 * database: `MONGO_DB` when set, else the database named in the URL's path, else `forum` (the
 * driver's own fallback would be `test`).
 */
export function databaseName(url: string, explicit?: string): string {
  if (explicit) return explicit;
  // Hosts may be a list (`h1:1,h2:2`), which URL cannot parse; the path starts at the first slash after them.
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}
