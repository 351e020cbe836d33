import { lazy, Suspense, type ComponentProps } from 'react';
import type { InlineEditor } from './InlineEditor';

const Editor = lazy(() => import('./InlineEditor').then((module) => ({ default: module.InlineEditor })));

/**
 * The inline editor of a comment or tweet, loaded when a member first edits one: it is not in the
 * topic page's first load (120 KB budget).
 */
export function LazyInlineEditor(props: ComponentProps<typeof InlineEditor>) {
  return (
    <Suspense fallback={null}>
      <Editor {...props} />
    </Suspense>
  );
}
