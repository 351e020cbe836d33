/**
 * The members the `@` list offers for what is typed (tRPC `mentions.suggest`, from the read model),
 * loaded the first time someone types `@` (see `useMentions`). ↑/↓ choose, Enter or Tab inserts
 * `@username `, Escape closes; a tap or click inserts the member tapped. The keys are taken before
 * the text box sees them (a listener in the capture phase around it), so Enter adds no line.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { Avatar } from '~/components/Avatar';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';
import { insertMention } from './insert-mention';
import type { MentionQuery } from './mention-query';

export default function MentionList({
  id,
  query,
  textarea,
  setValue,
  close,
}: {
  id: string;
  query: MentionQuery;
  textarea: RefObject<HTMLTextAreaElement | null>;
  setValue: (value: string) => void;
  close: () => void;
}) {
  const trpc = useTRPC();
  const suggestions = useQuery({
    ...trpc.mentions.suggest.queryOptions({ prefix: query.prefix }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const members = suggestions.data ?? [];
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [query.prefix]);

  const pick = (username: string) => {
    const box = textarea.current;
    if (!box) return;
    const next = insertMention(box.value, query, username);
    close();
    setValue(next.value);
    // The caret goes after the name once the new text is on the page.
    requestAnimationFrame(() => {
      box.focus();
      box.setSelectionRange(next.caret, next.caret);
    });
  };

  useEffect(() => {
    const box = textarea.current;
    const around = box?.parentElement;
    if (!box || !around) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== box || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (event.key === 'Escape') close();
      else if (members.length === 0) return;
      else if (event.key === 'ArrowDown') setActive((active + 1) % members.length);
      else if (event.key === 'ArrowUp') setActive((active - 1 + members.length) % members.length);
      else if (event.key === 'Enter' || event.key === 'Tab')
        pick(members[Math.min(active, members.length - 1)]!.username);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    around.addEventListener('keydown', onKeyDown, true);
    return () => around.removeEventListener('keydown', onKeyDown, true);
  });

  // Screen readers follow the chosen member while the focus stays in the text box.
  const activeId = members.length > 0 ? `${id}-${members[Math.min(active, members.length - 1)]!.id}` : null;
  useEffect(() => {
    const box = textarea.current;
    if (!box || !activeId) return;
    box.setAttribute('aria-activedescendant', activeId);
    return () => box.removeAttribute('aria-activedescendant');
  }, [textarea, activeId]);

  const note = suggestions.isError
    ? EditorTexts.mentions.failed
    : suggestions.isPending
      ? EditorTexts.mentions.loading
      : members.length === 0
        ? EditorTexts.mentions.empty
        : null;

  return (
    <div className="relative">
      <ul
        id={id}
        role="listbox"
        aria-label={EditorTexts.mentions.label}
        data-testid="mention-list"
        className="absolute top-1 left-0 z-30 max-h-64 w-full max-w-xs overflow-y-auto rounded-md border border-line bg-card py-1 shadow-lg"
      >
        {note ? (
          <li className="px-3 py-2 text-sm text-faint" role="presentation">
            {note}
          </li>
        ) : (
          members.map((member, index) => (
            <li
              key={member.id}
              id={`${id}-${member.id}`}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${
                index === active ? 'bg-hover text-accent' : 'text-body'
              }`}
              // The box keeps its focus (and a phone its keyboard) while a member is tapped.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(member.username)}
            >
              <Avatar user={member} size={24} link={false} />
              <span className="truncate">{member.nickname}</span>
              <span className="truncate text-xs text-faint">@{member.username}</span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
