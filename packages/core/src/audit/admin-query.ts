/** Paging and text filters of the admin lists (legacy `ANY .../list`: `page` and `limit`, docs/legacy-api.md §2.1). */

const ADMIN_PAGE_MAX = 100;

/** `page` ≥ 1 and `limit` in 1…100; missing or non-positive values take the defaults 1 and 20. */
export function adminPaging(query: { page?: number; limit?: number }, defaultLimit = 20) {
  const page = query.page && query.page > 0 ? Math.floor(query.page) : 1;
  const limit =
    query.limit && query.limit > 0 ? Math.min(ADMIN_PAGE_MAX, Math.floor(query.limit)) : defaultLimit;
  return { page, limit, skip: (page - 1) * limit };
}

/** A filter matching values that contain `text`, case-insensitively ("like" in the legacy lists). */
export function containsText(text: string) {
  return { $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
}
