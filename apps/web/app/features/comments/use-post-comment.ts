import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { COMMENT_CONTENT_MAX_LENGTH, type CommentItem, TextsComments } from '@forum/contracts';
import type { TextEditorHandle, TextEditorValue } from '~/features/editor/TextEditor';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useFieldErrors } from '~/lib/field-errors';
import { useTRPC } from '~/lib/trpc';
import { CommentsTexts } from '~/texts/comments';

interface Target {
  entityType: 'topic' | 'article' | 'comment';
  entityId: number;
  quoteId?: number;
}

const fields = ['content'] as const;

/**
 * Posting a comment or reply from a TextEditor: checks it is not empty, sends it as plain text, and
 * on success clears the editor and hands the new comment to `onPosted`. A refusal of the text (empty,
 * too long, a forbidden word) shows under the box; others are toasts.
 */
export function usePostComment(target: Target, onPosted: (comment: CommentItem) => void) {
  const trpc = useTRPC();
  const editor = useRef<TextEditorHandle>(null);
  const create = useMutation(trpc.comments.create.mutationOptions());
  const errors = useFieldErrors(fields);
  const submit = ({ content, imageList }: TextEditorValue) => {
    const valid = errors.check([
      ['content', !content.trim() && imageList.length === 0 && TextsComments.empty],
      [
        'content',
        [...content.trim()].length > COMMENT_CONTENT_MAX_LENGTH &&
          TextsComments.tooLong(COMMENT_CONTENT_MAX_LENGTH),
      ],
    ]);
    if (!valid) return;
    create.mutate(
      { ...target, content, contentType: 'text', imageList, quoteId: target.quoteId ?? 0 },
      {
        onSuccess: (comment) => {
          editor.current?.clear();
          toast.success(CommentsTexts.posted);
          onPosted(comment);
        },
        onError: (error) => {
          const message = errorMessage(error);
          if (!errors.fromServer(error, message)) toast.error(message);
        },
      },
    );
  };
  return { editor, submit, errors, submitting: create.isPending };
}
