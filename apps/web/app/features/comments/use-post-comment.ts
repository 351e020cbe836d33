import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { Texts, type CommentItem } from '@forum/contracts';
import type { TextEditorHandle, TextEditorValue } from '~/features/editor/TextEditor';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { CommentsTexts } from '~/texts/comments';

interface Target {
  entityType: 'topic' | 'article' | 'comment';
  entityId: number;
  quoteId?: number;
}

/**
 * Posting a comment or reply from a TextEditor: checks it is not empty, sends it as plain text, and
 * on success clears the editor and hands the new comment to `onPosted`.
 */
export function usePostComment(target: Target, onPosted: (comment: CommentItem) => void) {
  const trpc = useTRPC();
  const editor = useRef<TextEditorHandle>(null);
  const create = useMutation(trpc.comments.create.mutationOptions());
  const submit = ({ content, imageList }: TextEditorValue) => {
    if (!content.trim() && imageList.length === 0) return void toast.error(Texts.comments.empty);
    create.mutate(
      { ...target, content, contentType: 'text', imageList, quoteId: target.quoteId ?? 0 },
      {
        onSuccess: (comment) => {
          editor.current?.clear();
          toast.success(CommentsTexts.posted);
          onPosted(comment);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return { editor, submit, submitting: create.isPending };
}
