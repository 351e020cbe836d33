import { useMutation } from '@tanstack/react-query';
import {
  ARTICLE_CONTENT_MAX_LENGTH,
  ARTICLE_TITLE_MAX_LENGTH,
  ArticleStatus,
  type ArticleEditForm,
  TextsArticles,
  TextsCommon,
} from '@forum/contracts';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useFieldErrors } from '~/lib/field-errors';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';
import { draftKey } from './draft';
import { EditorCard, SubmitButton, TitleInput } from './FormParts';
import { MarkdownEditor } from './MarkdownEditor';
import { TagInput } from './TagInput';
import { useEditorForm } from './use-editor-form';

interface ArticleFields {
  title: string;
  content: string;
  tags: string[];
}

/** The fields with inline errors, in their order on the page. */
const fieldOrder = ['title', 'content'] as const;

const length = (text: string) => [...text.trim()].length;

/** The article form, new or edited: title, Markdown body, tags. */
export function ArticleForm({ edit }: { edit?: ArticleEditForm }) {
  const trpc = useTRPC();
  const { fields, set, done } = useEditorForm<ArticleFields>({
    draft: draftKey(edit ? 'article-edit' : 'article', edit?.id),
    initial: () =>
      edit
        ? { title: edit.title, content: edit.content, tags: edit.tags }
        : { title: '', content: '', tags: [] },
    isEmpty: (fields) => !fields.title.trim() && !fields.content.trim() && fields.tags.length === 0,
    detailPath: (id) => `/article/${id}`,
  });
  const create = useMutation(trpc.articles.create.mutationOptions());
  const update = useMutation(trpc.articles.edit.mutationOptions());
  const submitting = create.isPending || update.isPending;

  const errors = useFieldErrors(fieldOrder);

  const failed = (error: unknown) => {
    const message = errorMessage(error);
    if (!errors.fromServer(error, message)) toast.error(message);
  };

  const submit = () => {
    if (submitting) return;
    const valid = errors.check([
      ['title', !fields.title.trim() && TextsCommon.titleRequired],
      ['title', length(fields.title) > ARTICLE_TITLE_MAX_LENGTH && TextsArticles.titleTooLong],
      ['content', !fields.content.trim() && TextsCommon.contentRequired],
      ['content', length(fields.content) > ARTICLE_CONTENT_MAX_LENGTH && TextsArticles.contentTooLong],
    ]);
    if (!valid) return;
    // An article that now waits for review says so, not only 提交成功.
    const pending = (article: { status: ArticleStatus }) => article.status === ArticleStatus.Pending;
    if (edit)
      update.mutate(
        { id: edit.id, ...fields },
        {
          onSuccess: (a) =>
            done(a.id, pending(a) ? EditorTexts.forms.updatedPending : EditorTexts.forms.updated),
          onError: failed,
        },
      );
    else
      create.mutate(fields, {
        onSuccess: (a) =>
          done(a.id, pending(a) ? EditorTexts.forms.createdPending : EditorTexts.forms.created),
        onError: failed,
      });
  };

  return (
    <EditorCard title={edit ? EditorTexts.forms.editArticle : EditorTexts.forms.createArticle}>
      <TitleInput
        value={fields.title}
        placeholder={EditorTexts.placeholders.articleTitle}
        onChange={(title) => set('title', title)}
        errors={errors}
      />
      <MarkdownEditor
        testId="article-editor"
        value={fields.content}
        onChange={(content) => set('content', content)}
        onSubmit={submit}
        errors={errors}
      />
      <TagInput tags={fields.tags} onChange={(tags) => set('tags', tags)} />
      <SubmitButton
        label={edit ? EditorTexts.forms.submitChanges : EditorTexts.forms.submitArticle}
        submitting={submitting}
        onSubmit={submit}
      />
    </EditorCard>
  );
}
