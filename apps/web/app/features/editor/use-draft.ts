import { useCallback, useEffect, useRef } from 'react';
import { toast } from '~/features/toast';
import { EditorTexts } from '~/texts/editor';
import { clearDraft, loadDraft, saveDraft } from './draft';

const SAVE_DELAY_MS = 300;

/**
 * Keeps the form's `value` as a draft under `key` while the author types, and once after mounting
 * hands a saved draft to `restore`. `clear()` after a successful submit removes it for good.
 */
export function useDraft<T>(key: string, value: T, isEmpty: boolean, restore: (draft: T) => void) {
  const restored = useRef<string | null>(null);
  const cleared = useRef(false);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });

  useEffect(() => {
    if (restored.current === key) return;
    restored.current = key;
    const draft = loadDraft<T>(window.localStorage, key);
    if (draft !== null) {
      restoreRef.current(draft);
      toast.info(EditorTexts.forms.draftRestored);
    }
  }, [key]);

  const serialized = JSON.stringify(value);
  useEffect(() => {
    if (restored.current !== key || cleared.current) return;
    const timer = setTimeout(() => {
      if (!cleared.current) saveDraft(window.localStorage, key, JSON.parse(serialized) as T, isEmpty);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, serialized, isEmpty]);

  return useCallback(() => {
    cleared.current = true;
    clearDraft(window.localStorage, key);
  }, [key]);
}
