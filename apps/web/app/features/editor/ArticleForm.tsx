import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ArticleEditForm } from '@forum/contracts';
import { buttonClass, inputClass } from '~/components/Dialog';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { draftKey } from './draft';
import { EditorCard } from './FormParts';
import { MarkdownEditor } from './MarkdownEditor';
import { TagInput } from './TagInput';
import { useDraft } from './use-draft';

interface ArticleFields {
  title: string;
  content: string;
  tags: string[];
}

/** "发文章" and "修改文章": title, Markdown body, tags. */
export function ArticleForm({ edit }: { edit?: ArticleEditForm }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [fields, setFields] = useState<ArticleFields>(() =>
    edit
      ? { title: edit.title, content: edit.content, tags: edit.tags }
      : { title: '', content: '', tags: [] },
  );
  const set = <K extends keyof ArticleFields>(key: K, value: ArticleFields[K]) =>
    setFields((old) => ({ ...old, [key]: value }));
  const isEmpty = !fields.title.trim() && !fields.content.trim() && fields.tags.length === 0;
  const clearDraft = useDraft(
    draftKey(edit ? 'article-edit' : 'article', edit?.id),
    fields,
    isEmpty,
    setFields,
  );
  const create = useMutation(trpc.articles.create.mutationOptions());
  const update = useMutation(trpc.articles.edit.mutationOptions());
  const submitting = create.isPending || update.isPending;

  const done = (id: number, message: string) => {
    clearDraft();
    toast.success(message);
    void navigate(`/article/${id}`);
  };
  const failed = (error: unknown) => toast.error(errorMessage(error));

  const submit = () => {
    if (submitting) return;
    if (edit)
      update.mutate(
        { id: edit.id, ...fields },
        { onSuccess: (a) => done(a.id, '修改成功'), onError: failed },
      );
    else create.mutate(fields, { onSuccess: (a) => done(a.id, '提交成功'), onError: failed });
  };

  return (
    <EditorCard title={edit ? '修改文章' : '发文章'}>
      <input
        name="title"
        className={inputClass}
        placeholder="标题"
        value={fields.title}
        onChange={(event) => set('title', event.target.value)}
      />
      <MarkdownEditor
        testId="article-editor"
        value={fields.content}
        onChange={(content) => set('content', content)}
        onSubmit={submit}
      />
      <TagInput tags={fields.tags} onChange={(tags) => set('tags', tags)} />
      <button
        type="button"
        data-testid="editor-submit"
        className={buttonClass.primary}
        disabled={submitting}
        onClick={submit}
      >
        {submitting ? '提交中...' : edit ? '提交更改' : '发表'}
      </button>
    </EditorCard>
  );
}
