/** Light and dark mode: a class on <html>, remembered in localStorage. */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'forum.color-mode';
const CLASS_OF: Record<Theme, string> = { light: 'light-mode', dark: 'dark-mode' };

/**
 * Runs in <head> before the first paint so a dark-mode reader never sees a white flash. Without a
 * stored choice it follows the system preference.
 */
export const themeBootScript = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='light'&&t!=='dark'){t=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}var c=document.documentElement.classList;c.remove('light-mode','dark-mode');c.add(t==='dark'?'dark-mode':'light-mode')}catch(e){}})();`;

export function currentTheme(root: HTMLElement = document.documentElement): Theme {
  return root.classList.contains(CLASS_OF.dark) ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.remove(CLASS_OF.light, CLASS_OF.dark);
  root.classList.add(CLASS_OF[theme]);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or a full quota: the choice still holds for this page.
  }
}
