import { loadMoreLabel } from '~/features/users/load-more';
import { CommonTexts } from '~/texts/common';

/** The small 150px button under a list: more, loading, or a disabled end of the list. */
export function LoadMoreButton({
  hasMore,
  loading,
  onClick,
}: {
  hasMore: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <div className="flex justify-center px-4 py-4">
      <button
        type="button"
        data-testid="load-more"
        className="inline-flex h-8 w-[150px] items-center justify-center gap-1.5 rounded-md bg-accent-fill text-xs font-medium text-white hover:bg-accent-strong disabled:cursor-default disabled:bg-hover disabled:text-faint"
        disabled={loading || !hasMore}
        onClick={onClick}
      >
        {loading && (
          <span
            className="size-3 animate-spin rounded-full border-2 border-white/40 border-t-white"
            aria-hidden="true"
          />
        )}
        {loading ? CommonTexts.loading : loadMoreLabel({ hasMore })}
      </button>
    </div>
  );
}
