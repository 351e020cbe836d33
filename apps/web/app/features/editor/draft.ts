/**
 * Unsent posts kept in localStorage while the author types, one per form (kind + id), so a reload
 * or a wrong click does not lose them. A successful submit removes the draft.
 */
export type DraftKind = 'topic' | 'tweet' | 'topic-edit' | 'article' | 'article-edit';

/** The part of Storage a draft needs (localStorage in the browser, a Map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface StoredDraft<T> {
  savedAt: number;
  value: T;
}

export function draftKey(kind: DraftKind, id?: number | string): string {
  return `forum.draft.${kind}.${id ?? 'new'}`;
}

/** The saved value, or null when there is none or it cannot be read (old format, corrupt JSON). */
export function loadDraft<T>(storage: DraftStorage, key: string): T | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredDraft<T>> | null;
    return stored && typeof stored === 'object' && 'value' in stored ? (stored.value ?? null) : null;
  } catch {
    return null;
  }
}

/** Saves the value; an empty form removes the draft instead of keeping an empty one. */
export function saveDraft<T>(
  storage: DraftStorage,
  key: string,
  value: T,
  isEmpty: boolean,
  now = Date.now(),
) {
  try {
    if (isEmpty) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ savedAt: now, value } satisfies StoredDraft<T>));
  } catch {
    // A full or disabled storage only costs the draft, never the form.
  }
}

export function clearDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // As above.
  }
}
