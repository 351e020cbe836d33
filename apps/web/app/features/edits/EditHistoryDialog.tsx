import { useQuery } from '@tanstack/react-query';
import type { EditKind } from '@forum/contracts';
import { Dialog } from '~/components/Dialog';
import { errorMessage } from '~/lib/api-error';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { EditsTexts } from '~/texts/edits';

/** Every text a comment or tweet had, newest first, with who wrote it and when (moderators). */
export function EditHistoryDialog({
  kind,
  id,
  onClose,
}: {
  kind: EditKind;
  id: number;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const history = useQuery({ ...trpc.edits.history.queryOptions({ kind, id }), staleTime: 0 });
  const versions = history.data?.versions ?? [];
  const label = (index: number) =>
    index === 0
      ? EditsTexts.current
      : index === versions.length - 1
        ? EditsTexts.original
        : EditsTexts.versionOf(versions.length - index);
  return (
    <Dialog title={EditsTexts.historyTitle} open onClose={onClose} width={560} testId="edit-history-dialog">
      <div className="px-5 py-4 text-sm">
        {history.isPending && <p className="text-faint">{CommonTexts.loading}</p>}
        {history.isError && (
          <p className="text-accent" role="alert">
            {errorMessage(history.error)}
          </p>
        )}
        <ol className="space-y-4">
          {versions.map((version, index) => (
            <li
              key={`${version.time}-${index}`}
              className="rounded-md border border-line p-3"
              data-testid="edit-version"
            >
              <p className="mb-2 flex flex-wrap gap-x-3 text-xs text-faint">
                <span className="font-medium text-body">{label(index)}</span>
                <span>{version.user.nickname}</span>
                <time dateTime={new Date(version.time).toISOString()}>{formatDateTime(version.time)}</time>
              </p>
              <p className="break-words whitespace-pre-wrap text-body" data-testid="edit-version-content">
                {version.content || EditsTexts.emptyText}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </Dialog>
  );
}
