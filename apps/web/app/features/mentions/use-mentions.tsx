/**
 * The `@` list of a text box: while the caret types `@` and the start of a name, a list of members
 * opens under the box. Only this detection is on every page with an editor; the list itself (its
 * look-up, keys and insertion) loads the first time someone types `@`.
 */
import { lazy, Suspense, useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { mentionQueryAt, type MentionQuery } from './mention-query';

const MentionList = lazy(() => import('./MentionList'));

export function useMentions(
  textarea: RefObject<HTMLTextAreaElement | null>,
  setValue: (value: string) => void,
) {
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const listId = useId();
  /** Looks at the text and caret again (after typing, a click, a caret move). */
  const sync = () => {
    const box = textarea.current;
    setQuery(box && mentionQueryAt(box.value, box.selectionStart));
  };
  const close = () => setQuery(null);
  return {
    /**
     * Spread on the text box: follows the caret, and names the list while it is open (a text box
     * takes no `aria-expanded`).
     */
    boxProps: {
      // The list's own keys (see `MentionList`) must not reopen it.
      onKeyUp: (event: KeyboardEvent) => !/^(Arrow(Up|Down)|Enter|Escape|Tab)$/.test(event.key) && sync(),
      onClick: sync,
      onBlur: close,
      'aria-autocomplete': 'list' as const,
      'aria-controls': query ? listId : undefined,
    },
    /** Call from the box's onChange, after the new text is taken. */
    sync,
    list: query && (
      <Suspense fallback={null}>
        <MentionList id={listId} query={query} textarea={textarea} setValue={setValue} close={close} />
      </Suspense>
    ),
  };
}
