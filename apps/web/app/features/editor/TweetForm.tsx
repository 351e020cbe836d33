import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TopicType, TWEET_CONTENT_MAX_LENGTH, TextsTopics } from '@forum/contracts';
import { useSiteConfig } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useFieldErrors } from '~/lib/field-errors';
import { FieldError } from '~/components/FieldError';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';
import { draftKey } from './draft';
import { EditorCard, FormCaptcha, SubmitButton, type FormCaptchaState } from './FormParts';
import { ImageUpload } from './ImageUpload';
import { textareaHandlers } from './textarea-handlers';
import { useMentions } from '~/features/mentions/use-mentions';
import { NodeSelect } from './NodeSelect';
import { TagInput } from './TagInput';
import { initialNodeId } from './TopicForm';
import { useDraft } from './use-draft';
import { useImageUploads } from './use-image-uploads';

interface TweetDraft {
  nodeId: number;
  content: string;
  tags: string[];
  images: string[];
}

/** The fields with inline errors, in their order on the page. */
const fieldOrder = ['nodeId', 'content', 'captchaCode'] as const;

/**
 * The tweet form: short plain text with up to nine images. The author may change the text for a
 * while after posting (the edits feature), not the images.
 */
export function TweetForm() {
  const trpc = useTRPC();
  const config = useSiteConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [nodeId, setNodeId] = useState(() => initialNodeId(params.get('nodeId'), config.defaultNodeId));
  const [content, setContent] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentions(textarea, setContent);
  const [tags, setTags] = useState<string[]>([]);
  const uploads = useImageUploads();
  const draft: TweetDraft = { nodeId, content, tags, images: uploads.urls };
  const clearDraft = useDraft(
    draftKey('tweet'),
    draft,
    !content.trim() && tags.length === 0 && uploads.urls.length === 0,
    (saved) => {
      setNodeId(saved.nodeId);
      setContent(saved.content);
      setTags(saved.tags);
      uploads.reset(saved.images);
    },
  );
  const captcha = useRef<FormCaptchaState | null>(null);
  const create = useMutation(trpc.topics.create.mutationOptions());
  const errors = useFieldErrors(fieldOrder);

  const submit = () => {
    if (create.isPending) return;
    if (uploads.uploading) return void toast.error(EditorTexts.images.stillUploading);
    const valid = errors.check([
      ['nodeId', !nodeId && TextsTopics.nodeRequired],
      ['content', !content.trim() && uploads.urls.length === 0 && TextsTopics.tweetEmpty],
      ['content', [...content.trim()].length > TWEET_CONTENT_MAX_LENGTH && TextsTopics.tweetTooLong],
    ]);
    if (!valid) return;
    create.mutate(
      {
        type: TopicType.Tweet,
        nodeId,
        content,
        tags,
        imageList: uploads.urls.map((url) => ({ url })),
        captchaId: captcha.current?.captchaId ?? '',
        captchaCode: captcha.current?.code ?? '',
      },
      {
        onSuccess: (topic) => {
          clearDraft();
          toast.success(EditorTexts.forms.created);
          void navigate(`/topic/${topic.id}`);
        },
        onError: (error) => {
          const message = errorMessage(error);
          if (!errors.fromServer(error, message)) toast.error(message);
          captcha.current?.refresh();
        },
      },
    );
  };

  const control = errors.control('content');

  return (
    <EditorCard title={EditorTexts.forms.createTweet}>
      <NodeSelect value={nodeId} onChange={setNodeId} errors={errors} />
      <div>
        <div
          className="rounded-md border border-line bg-input focus-within:border-accent has-[[aria-invalid=true]]:border-accent"
          data-testid="tweet-editor"
        >
          <textarea
            name="content"
            value={content}
            placeholder={EditorTexts.placeholders.text}
            aria-label={EditorTexts.placeholders.text}
            className="block h-[200px] w-full resize-y bg-transparent px-3 py-2 text-sm leading-6 text-body outline-none placeholder:text-faint"
            {...control}
            ref={(element) => {
              textarea.current = element;
              control.ref(element);
            }}
            {...mentions.boxProps}
            onChange={(event) => {
              errors.clear('content');
              setContent(event.target.value);
              mentions.sync();
            }}
            {...textareaHandlers(submit, (files) => {
              if (files.length === 0) return false;
              uploads.add(files);
              return true;
            })}
          />
          {mentions.list}
          <div className="border-t border-line px-3 py-3">
            <ImageUpload uploads={uploads} />
          </div>
          <p
            className={`border-t border-line px-3 py-1.5 text-right text-xs ${
              content.length > TWEET_CONTENT_MAX_LENGTH ? 'text-accent' : 'text-faint'
            }`}
            data-testid="tweet-counter"
          >
            {content.length} / {TWEET_CONTENT_MAX_LENGTH}
          </p>
        </div>
        <FieldError errors={errors} field="content" />
      </div>
      <TagInput tags={tags} onChange={setTags} />
      {config.topicCaptcha && <FormCaptcha captchaRef={captcha} errors={errors} />}
      <SubmitButton label={EditorTexts.forms.submitTweet} submitting={create.isPending} onSubmit={submit} />
    </EditorCard>
  );
}
