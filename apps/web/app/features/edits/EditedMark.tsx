import { lazy, Suspense, useState } from 'react';
import type { EditKind } from '@forum/contracts';
import { TimeAgo } from '~/components/TimeAgo';
import { EditsTexts } from '~/texts/edits';
import { useCanReadHistory } from './use-edit-window';

/** Loaded when a moderator opens it: not in a page's first load. */
const EditHistoryDialog = lazy(() =>
  import('./EditHistoryDialog').then((module) => ({ default: module.EditHistoryDialog })),
);

/**
 * 已编辑 with the time of the last edit, after an edited comment's or tweet's own time; for
 * moderators a 历史版本 button that opens every text the item had.
 */
export function EditedMark({ kind, id, editTime }: { kind: EditKind; id: number; editTime: number }) {
  const canReadHistory = useCanReadHistory();
  const [open, setOpen] = useState(false);
  if (editTime <= 0) return null;
  return (
    <>
      <span className="text-xs text-faint" data-testid="edited-mark">
        <TimeAgo time={editTime} label={EditsTexts.editedAgo} />
      </span>
      {canReadHistory && (
        <button
          type="button"
          className="text-xs text-link hover:underline"
          data-testid="edit-history"
          onClick={() => setOpen(true)}
        >
          {EditsTexts.history}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <EditHistoryDialog kind={kind} id={id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
