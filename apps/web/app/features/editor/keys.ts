/** Ctrl+Enter, or ⌘+Enter on a Mac: submits every editor of the site. */
export function isSubmitShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}
