import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  TOPIC_CONTENT_MAX_LENGTH,
  TOPIC_TITLE_MAX_LENGTH,
  TopicType,
  type TopicEditForm,
  TextsCommon,
  TextsTopics,
} from '@forum/contracts';
import { useSiteConfig } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useFieldErrors } from '~/lib/field-errors';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';
import { draftKey } from './draft';
import { EditorCard, FormCaptcha, SubmitButton, TitleInput, type FormCaptchaState } from './FormParts';
import { MarkdownEditor } from './MarkdownEditor';
import { NodeSelect } from './NodeSelect';
import { TagInput } from './TagInput';
import { useEditorForm } from './use-editor-form';

interface TopicFields {
  nodeId: number;
  title: string;
  content: string;
  hideContent: string;
  tags: string[];
}

/** The fields with inline errors, in their order on the page. */
const fieldOrder = ['nodeId', 'title', 'content', 'captchaCode'] as const;

const length = (text: string) => [...text.trim()].length;

/** The node a new topic starts in: ?nodeId= when given, else the site's default. */
export function initialNodeId(param: string | null, defaultNodeId: number): number {
  const id = Number(param);
  return param && Number.isSafeInteger(id) && id > 0 ? id : defaultNodeId;
}

/** The topic form, new or edited: node, title, Markdown body, optional hidden part, tags, captcha. */
export function TopicForm({ edit }: { edit?: TopicEditForm }) {
  const trpc = useTRPC();
  const config = useSiteConfig();
  const [params] = useSearchParams();
  const { fields, set, done } = useEditorForm<TopicFields>({
    draft: draftKey(edit ? 'topic-edit' : 'topic', edit?.id),
    initial: () =>
      edit
        ? {
            nodeId: edit.nodeId,
            title: edit.title,
            content: edit.content,
            hideContent: edit.hideContent,
            tags: edit.tags,
          }
        : {
            nodeId: initialNodeId(params.get('nodeId'), config.defaultNodeId),
            title: '',
            content: '',
            hideContent: '',
            tags: [],
          },
    isEmpty: (fields) =>
      !fields.title.trim() &&
      !fields.content.trim() &&
      !fields.hideContent.trim() &&
      fields.tags.length === 0,
    detailPath: (id) => `/topic/${id}`,
  });
  const captcha = useRef<FormCaptchaState | null>(null);
  const create = useMutation(trpc.topics.create.mutationOptions());
  const update = useMutation(trpc.topics.edit.mutationOptions());
  const submitting = create.isPending || update.isPending;
  const showCaptcha = !edit && config.topicCaptcha;
  const showHidden = config.enableHideContent || !!edit?.hideContent;

  const errors = useFieldErrors(fieldOrder);

  const failed = (error: unknown) => {
    const message = errorMessage(error);
    if (!errors.fromServer(error, message)) toast.error(message);
    captcha.current?.refresh();
  };

  const submit = () => {
    if (submitting) return;
    const valid = errors.check([
      ['nodeId', !fields.nodeId && TextsTopics.nodeRequired],
      ['title', !fields.title.trim() && TextsCommon.titleRequired],
      ['title', length(fields.title) > TOPIC_TITLE_MAX_LENGTH && TextsTopics.titleTooLong],
      ['content', !fields.content.trim() && TextsCommon.contentRequired],
      ['content', length(fields.content) > TOPIC_CONTENT_MAX_LENGTH && TextsTopics.contentTooLong],
    ]);
    if (!valid) return;
    if (edit) {
      update.mutate(
        { id: edit.id, ...fields },
        { onSuccess: (topic) => done(topic.id, EditorTexts.forms.updated), onError: failed },
      );
      return;
    }
    create.mutate(
      {
        type: TopicType.Topic,
        ...fields,
        captchaId: captcha.current?.captchaId ?? '',
        captchaCode: captcha.current?.code ?? '',
      },
      { onSuccess: (topic) => done(topic.id, EditorTexts.forms.created), onError: failed },
    );
  };

  return (
    <EditorCard title={edit ? EditorTexts.forms.editTopic : EditorTexts.forms.createTopic}>
      <NodeSelect value={fields.nodeId} onChange={(nodeId) => set('nodeId', nodeId)} errors={errors} />
      <TitleInput
        value={fields.title}
        placeholder={EditorTexts.placeholders.topicTitle}
        onChange={(title) => set('title', title)}
        errors={errors}
      />
      <MarkdownEditor
        testId="topic-editor"
        value={fields.content}
        onChange={(content) => set('content', content)}
        onSubmit={submit}
        errors={errors}
        placeholder={
          edit ? EditorTexts.placeholders.topicContentOnEdit : EditorTexts.placeholders.topicContent
        }
      />
      {showHidden && (
        <MarkdownEditor
          testId="hidden-content-editor"
          value={fields.hideContent}
          onChange={(hideContent) => set('hideContent', hideContent)}
          onSubmit={submit}
          height={200}
          placeholder={EditorTexts.placeholders.hiddenContent}
        />
      )}
      <TagInput tags={fields.tags} onChange={(tags) => set('tags', tags)} />
      {showCaptcha && <FormCaptcha captchaRef={captcha} errors={errors} />}
      <SubmitButton
        label={edit ? EditorTexts.forms.submitChanges : EditorTexts.forms.submitTopic}
        submitting={submitting}
        onSubmit={submit}
      />
    </EditorCard>
  );
}
