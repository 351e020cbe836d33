import { useSyncExternalStore } from 'react';
import { MoonIcon, SunIcon } from '~/components/icons';
import { LayoutTexts } from '~/texts/layout';
import { applyTheme, currentTheme, type Theme } from './theme';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme as the <html> class says; the server cannot know it and renders the light icon. */
function useTheme(): Theme {
  return useSyncExternalStore(
    subscribe,
    () => currentTheme(),
    () => 'light',
  );
}

export function ThemeToggle({ className = '' }: { className?: string }) {
  const theme = useTheme();
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={`inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-hover hover:text-accent ${className}`}
      title={next === 'dark' ? LayoutTexts.theme.toDark : LayoutTexts.theme.toLight}
      aria-label={next === 'dark' ? LayoutTexts.theme.toDark : LayoutTexts.theme.toLight}
      data-testid="theme-toggle"
      onClick={() => {
        applyTheme(next);
        listeners.forEach((listener) => listener());
      }}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
