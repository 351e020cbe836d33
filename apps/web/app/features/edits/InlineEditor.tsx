import { useMutation, useQuery } from '@tanstack/react-query';
import {
  COMMENT_CONTENT_MAX_LENGTH,
  TWEET_CONTENT_MAX_LENGTH,
  type EditKind,
  TextsComments,
  TextsTopics,
} from '@forum/contracts';
import { buttonClass } from '~/components/Dialog';
import { TextEditor } from '~/features/editor/TextEditor';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useFieldErrors } from '~/lib/field-errors';
import { useTRPC } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { EditsTexts } from '~/texts/edits';

const fields = ['content'] as const;

const tooLong = {
  comment: [COMMENT_CONTENT_MAX_LENGTH, TextsComments.tooLong(COMMENT_CONTENT_MAX_LENGTH)],
  tweet: [TWEET_CONTENT_MAX_LENGTH, TextsTopics.tweetTooLong],
} as const;

/**
 * The text of a posted comment or tweet in an editor, in place of the text: loaded as written (the
 * page shows it rendered), saved through `edits.save`. A refusal of the text shows under the box;
 * `onSaved` runs once the API stored the new text.
 */
export function InlineEditor({
  kind,
  id,
  onSaved,
  onCancel,
}: {
  kind: EditKind;
  id: number;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const source = useQuery({ ...trpc.edits.source.queryOptions({ kind, id }), staleTime: 0, gcTime: 0 });
  const save = useMutation(trpc.edits.save.mutationOptions());
  const errors = useFieldErrors(fields);
  if (source.isPending) return <p className="mt-2 text-sm text-faint">{CommonTexts.loading}</p>;
  if (source.isError) {
    return (
      <div className="mt-2 flex items-center gap-3 text-sm">
        <p className="text-accent" role="alert">
          {errorMessage(source.error)}
        </p>
        <button type="button" className={buttonClass.smallPlain} onClick={onCancel}>
          {EditsTexts.cancel}
        </button>
      </div>
    );
  }
  const [max, tooLongText] = tooLong[kind];
  return (
    <div className="mt-2" data-testid="inline-editor">
      <TextEditor
        initialContent={source.data.content}
        label={EditsTexts.editorLabel}
        submitLabel={EditsTexts.save}
        autoFocus
        height={kind === 'tweet' ? 160 : 100}
        errors={errors}
        submitting={save.isPending}
        onCancel={onCancel}
        onSubmit={({ content }) => {
          if (!errors.check([['content', [...content.trim()].length > max && tooLongText]])) return;
          save.mutate(
            { kind, id, content },
            {
              onSuccess: () => {
                toast.success(EditsTexts.saved);
                onSaved();
              },
              onError: (error) => {
                const message = errorMessage(error);
                if (!errors.fromServer(error, message)) toast.error(message);
              },
            },
          );
        }}
      />
    </div>
  );
}
