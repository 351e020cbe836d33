/**
 * The `@` list of a text box: while the caret types `@` and the start of a name, a list of members
 * opens under the box (loaded on first use, so pages carry none of it until someone types `@`);
 * ↑/↓ choose, Enter or a tap inserts `@username `, Escape closes it.
 */
import {
  lazy,
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { insertMention, mentionQueryAt, type MentionQuery } from './mention-query';

const MentionList = lazy(() => import('./MentionList'));

/** What the list answers to a key: whether it used it. */
export type MentionKeyHandler = (key: string) => boolean;

export function useMentions(
  textarea: RefObject<HTMLTextAreaElement | null>,
  setValue: (value: string) => void,
) {
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const keys = useRef<MentionKeyHandler | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();

  // The caret goes after the inserted name once the new text is on the page.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = textarea.current;
    if (caret === null || !element) return;
    pendingCaret.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  });

  /** Looks at the text and caret again (after typing, a click, a caret move). */
  const sync = () => {
    const element = textarea.current;
    const next = element ? mentionQueryAt(element.value, element.selectionStart) : null;
    setQuery((current) =>
      current?.start === next?.start && current?.prefix === next?.prefix ? current : next,
    );
  };

  const pick = (username: string) => {
    const element = textarea.current;
    if (!query || !element) return;
    const next = insertMention(element.value, query, username);
    pendingCaret.current = next.caret;
    setQuery(null);
    setValue(next.value);
  };

  /** For the box's onKeyDown: true when the open list took the key (the box must not act on it). */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!query || event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing)
      return false;
    if (event.key === 'Escape') {
      event.preventDefault();
      setQuery(null);
      return true;
    }
    if (keys.current?.(event.key)) {
      event.preventDefault();
      return true;
    }
    return false;
  };

  const open = query !== null;
  return {
    onKeyDown,
    /** Spread on the text box: follows the caret, and names the list while it is open. */
    boxProps: {
      onKeyUp: (event: KeyboardEvent<HTMLTextAreaElement>) => {
        if (!['ArrowUp', 'ArrowDown', 'Enter', 'Escape'].includes(event.key)) sync();
      },
      onClick: sync,
      onBlur: () => setQuery(null),
      'aria-autocomplete': 'list' as const,
      'aria-expanded': open,
      'aria-controls': open ? listId : undefined,
    },
    /** Call from the box's onChange, after the new text is taken. */
    sync,
    list: open ? (
      <Suspense fallback={null}>
        <MentionList id={listId} prefix={query.prefix} onPick={pick} keys={keys} />
      </Suspense>
    ) : null,
  };
}
