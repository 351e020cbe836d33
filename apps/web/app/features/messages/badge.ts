/** The unread badge text: nothing at zero, the count up to nine, then '9+'. */
export function unreadBadge(count: number): string {
  if (count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}
