import { useState, type ReactNode } from 'react';
import { BlocksTexts } from '~/texts/blocks';
import { useBlockedIds } from './use-blocks';

/**
 * What a blocked member wrote, folded away for the reader who blocked them: "已屏蔽，点击查看"
 * shows it, 收起 folds it again. Everyone else sees it as it is.
 */
export function BlockedFold({ userId, children }: { userId: number; children: ReactNode }) {
  const blocked = useBlockedIds().has(userId);
  const [open, setOpen] = useState(false);
  if (!blocked) return children;
  return (
    <div data-testid="blocked-fold">
      <button
        type="button"
        className="mt-1 rounded bg-hover px-2 py-1 text-xs text-muted hover:text-accent"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? BlocksTexts.fold : BlocksTexts.folded}
      </button>
      {open && children}
    </div>
  );
}
