import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TAG_NAME_MAX_LENGTH, TAGS_PER_TOPIC_MAX } from '@forum/contracts';
import { CloseIcon } from '~/components/icons';
import { useSiteConfig } from '~/features/users/session-hooks';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';
import { addTags, TAG_SEPARATOR_KEYS } from './tags';

const AUTOCOMPLETE_DELAY_MS = 250;

/**
 * Tags as chips: Enter, space, comma or semicolon adds what was typed, Backspace on an empty input
 * removes the last one. Typing suggests existing tags (↑/↓, Enter, Esc); focus shows recommended ones.
 */
export function TagInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const trpc = useTRPC();
  const config = useSiteConfig();
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTyped(input.trim()), AUTOCOMPLETE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const suggestions = useQuery({
    ...trpc.tags.autocomplete.queryOptions({ input: typed }),
    enabled: typed.length > 0,
  });
  const names = typed
    ? (suggestions.data ?? []).map((tag) => tag.name).filter((name) => !tags.includes(name))
    : [];
  const recommended = (config.recommendTags ?? []).filter((name) => !tags.includes(name));
  const full = tags.length >= TAGS_PER_TOPIC_MAX;

  const commit = (raw: string) => {
    onChange(addTags(tags, raw));
    setInput('');
    setTyped('');
    setActive(-1);
  };

  const showSuggestions = focused && !dismissed && !full && input.trim() !== '' && names.length > 0;
  const showRecommended = focused && !full && input === '' && recommended.length > 0;

  return (
    <div className="relative">
      <div
        className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border border-line bg-input px-2 py-1.5 focus-within:border-accent"
        data-testid="tag-input"
      >
        {tags.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded bg-accent/10 px-2 py-0.5 text-xs text-accent"
          >
            {tag}
            <button
              type="button"
              aria-label={EditorTexts.tags.remove(tag)}
              onClick={() => onChange(tags.filter((t) => t !== tag))}
            >
              <CloseIcon size={12} />
            </button>
          </span>
        ))}
        <input
          value={input}
          disabled={full}
          className="min-w-[12rem] flex-1 bg-transparent text-sm text-body outline-none placeholder:text-faint"
          placeholder={full ? '' : EditorTexts.tags.placeholder(TAGS_PER_TOPIC_MAX, TAG_NAME_MAX_LENGTH)}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            if (input.trim()) commit(input);
          }}
          onChange={(event) => {
            setDismissed(false);
            setActive(-1);
            const value = event.target.value;
            // A separator typed or pasted ends the tags before it.
            if (/[,\uFF0C;\uFF1B\s]/.test(value)) {
              const lastBreak = Math.max(
                ...[',', '\uFF0C', ';', '\uFF1B', ' ', '\n', '\t'].map((c) => value.lastIndexOf(c)),
              );
              onChange(addTags(tags, value.slice(0, lastBreak)));
              setInput(value.slice(lastBreak + 1));
            } else {
              setInput(value);
            }
          }}
          onKeyDown={(event) => {
            if (event.nativeEvent.isComposing) return;
            if (showSuggestions && event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((i) => (i + 1) % names.length);
            } else if (showSuggestions && event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((i) => (i <= 0 ? names.length - 1 : i - 1));
            } else if (event.key === 'Escape') {
              setDismissed(true);
            } else if (TAG_SEPARATOR_KEYS.includes(event.key)) {
              event.preventDefault();
              commit(showSuggestions && active >= 0 ? names[active]! : input);
            } else if (event.key === 'Backspace' && input === '' && tags.length > 0) {
              onChange(tags.slice(0, -1));
            }
          }}
        />
      </div>
      {(showSuggestions || showRecommended) && (
        <ul
          className="absolute top-full right-0 left-0 z-20 mt-1 overflow-hidden rounded-md border border-line bg-card py-1 text-sm shadow-lg"
          role="listbox"
          data-testid="tag-suggestions"
        >
          {showRecommended && (
            <li className="px-3 py-1 text-xs text-faint">{EditorTexts.tags.recommended}</li>
          )}
          {(showSuggestions ? names : recommended).map((name, index) => (
            <li
              key={name}
              role="option"
              aria-selected={showSuggestions && index === active}
              className={`cursor-pointer px-3 py-1.5 ${showSuggestions && index === active ? 'bg-hover text-accent' : 'text-body hover:bg-hover'}`}
              // Before the input's blur, which would otherwise add the half-typed text.
              onMouseDown={(event) => {
                event.preventDefault();
                commit(name);
              }}
            >
              {name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
