import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CloseIcon, SearchIcon } from '~/components/icons';
import { SearchTexts } from '~/texts/search';
import {
  addToHistory,
  matchHistory,
  readHistory,
  removeFromHistory,
  SEARCH_KEYWORD_MAX_LENGTH,
  searchUrl,
  writeHistory,
} from './search-history';

/** The search box (desktop header, mobile sidebar) with a local history of recent keywords. */
export function SearchInput({ className = 'w-56' }: { className?: string }) {
  const [searchParams] = useSearchParams();
  const [keyword, setKeyword] = useState(() => searchParams.get('q') ?? '');
  const [history, setHistory] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState(-1);
  const root = useRef<HTMLFormElement>(null);

  const matches = matchHistory(history, keyword);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function search(value: string) {
    if (!value.trim()) return;
    writeHistory(localStorage, addToHistory(readHistory(localStorage), value));
    // A full page load, so the search page renders on the server like any shared link.
    window.location.assign(searchUrl(value));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!matches.length) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  function remove(item: string) {
    const next = removeFromHistory(history, item);
    writeHistory(localStorage, next);
    setHistory(next);
    setSelected(-1);
  }

  const showHistory = open && matches.length > 0;
  return (
    <form
      ref={root}
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        search(showHistory && matches[selected] ? matches[selected] : keyword);
      }}
    >
      <input
        type="search"
        name="q"
        value={keyword}
        maxLength={SEARCH_KEYWORD_MAX_LENGTH}
        placeholder={SearchTexts.placeholder}
        autoComplete="off"
        aria-label={SearchTexts.search}
        className={`h-9 ${className} rounded-full border border-line bg-input pr-9 pl-4 text-sm text-body outline-none transition-colors placeholder:text-faint focus:border-accent`}
        onFocus={() => {
          setHistory(readHistory(localStorage));
          setOpen(true);
        }}
        onChange={(event) => {
          setKeyword(event.target.value);
          setSelected(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        aria-label={SearchTexts.search}
        className="absolute top-0 right-0 inline-flex h-9 w-9 items-center justify-center text-faint hover:text-accent"
      >
        <SearchIcon size={16} />
      </button>
      {showHistory && (
        <ul className="absolute top-11 left-0 z-40 w-full overflow-hidden rounded-md border border-line bg-card py-1 text-sm shadow-lg">
          {matches.map((item, index) => (
            <li
              key={item}
              className={`flex cursor-pointer items-center justify-between px-4 py-1.5 ${index === selected ? 'bg-hover text-accent' : 'text-body'}`}
              onMouseEnter={() => setSelected(index)}
              onClick={() => search(item)}
            >
              <span className="truncate">{item}</span>
              <button
                type="button"
                aria-label={SearchTexts.removeHistory(item)}
                className="ml-2 text-faint hover:text-accent"
                onClick={(event) => {
                  event.stopPropagation();
                  remove(item);
                }}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
