/**
 * The members the `@` list offers for a prefix (tRPC `mentions.suggest`, from the read model).
 * Loaded only once someone types `@` in a text box (see `useMentions`).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { Avatar } from '~/components/Avatar';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';
import type { MentionKeyHandler } from './use-mentions';

export default function MentionList({
  id,
  prefix,
  onPick,
  keys,
}: {
  id: string;
  prefix: string;
  onPick: (username: string) => void;
  keys: RefObject<MentionKeyHandler | null>;
}) {
  const trpc = useTRPC();
  const suggestions = useQuery({
    ...trpc.mentions.suggest.queryOptions({ prefix }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const members = suggestions.data ?? [];
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [prefix]);

  useEffect(() => {
    keys.current = (key) => {
      if (members.length === 0) return false;
      if (key === 'ArrowDown') setActive((index) => (index + 1) % members.length);
      else if (key === 'ArrowUp') setActive((index) => (index - 1 + members.length) % members.length);
      else if (key === 'Enter' || key === 'Tab')
        onPick(members[Math.min(active, members.length - 1)]!.username);
      else return false;
      return true;
    };
    return () => {
      keys.current = null;
    };
  });

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
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${
                index === active ? 'bg-hover text-accent' : 'text-body'
              }`}
              // The box keeps its focus (and a phone its keyboard) while a member is tapped.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => onPick(member.username)}
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
