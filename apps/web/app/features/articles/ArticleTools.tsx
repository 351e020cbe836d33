import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ArticleDetail } from '@forum/contracts';
import { ConfirmDialog } from '~/components/Dialog';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { ArticlesTexts } from '~/texts/articles';
import { CommonTexts } from '~/texts/common';
import { ContentTexts } from '~/texts/content';

/** Edit and delete on an article, as the reader may (`article.can`: its author and admins). */
export function ArticleTools({ article }: { article: ArticleDetail }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(trpc.articles.delete.mutationOptions());
  if (!article.can.edit && !article.can.delete) return null;
  const linkClass = 'text-sm text-muted hover:text-accent';
  return (
    <span className="flex items-center gap-3" data-testid="article-tools">
      {article.can.edit && (
        <Link to={`/article/edit/${article.id}`} className={linkClass}>
          {ContentTexts.edit}
        </Link>
      )}
      {article.can.delete && (
        <button type="button" className={linkClass} onClick={() => setConfirming(true)}>
          {ContentTexts.delete}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        message={ArticlesTexts.confirmDelete}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(
            { id: article.id },
            {
              onSuccess: () =>
                toast.success(ContentTexts.deleted, { onClose: () => void navigate('/articles') }),
              onError: (error) =>
                toast.error(CommonTexts.failedWith(ContentTexts.deleteFailed, errorMessage(error))),
            },
          );
        }}
      />
    </span>
  );
}
