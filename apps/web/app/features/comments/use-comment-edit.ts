import { useState } from 'react';
import type { CommentItem } from '@forum/contracts';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPCClient } from '~/lib/trpc';

/**
 * A comment or reply its reader may edit in place: whether the editor is open, and the comment as
 * shown, its text read again after a save (the rest, its replies and likes, as the list has it).
 */
export function useCommentEdit(comment: CommentItem) {
  const client = useTRPCClient();
  const [editing, setEditing] = useState(false);
  const [fresh, setFresh] = useState<Pick<CommentItem, 'content' | 'editTime'> | null>(null);
  const current = fresh && fresh.editTime >= comment.editTime ? { ...comment, ...fresh } : comment;
  const saved = () => {
    setEditing(false);
    client.comments.get
      .query({ id: comment.id })
      .then(({ content, editTime }) => setFresh({ content, editTime }))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  };
  return {
    current,
    editing,
    start: () => setEditing(true),
    stop: () => setEditing(false),
    saved,
  };
}
