import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { buttonClass } from '~/components/Dialog';
import { FieldError } from '~/components/FieldError';
import type { FieldErrors } from '~/lib/field-errors';
import { MutedNotice } from '~/features/mute/MutedNotice';
import { ImageIcon } from '~/components/icons';
import { toast } from '~/features/toast';
import { EditorTexts } from '~/texts/editor';
import { ImageUpload } from './ImageUpload';
import { textareaHandlers } from './textarea-handlers';
import { useImageUploads } from './use-image-uploads';
import { useMentions } from '~/features/mentions/use-mentions';

export interface TextEditorHandle {
  focus(): void;
  clear(): void;
}

export interface TextEditorValue {
  content: string;
  imageList: { url: string }[];
}

/**
 * The comment box: plain text plus up to nine images (pasted, dropped or picked). The submit button and
 * Ctrl/⌘+Enter submit; `onSubmit` resolves true when the comment was posted, which clears the box.
 * An error about the text (`errors`, field `content`) shows under the box until the text changes.
 * Editing a posted text (`initialContent`) keeps its images: the box has no image picker then.
 */
export function TextEditor({
  onSubmit,
  errors,
  submitting = false,
  placeholder = EditorTexts.placeholders.text,
  height = 120,
  autoFocus = false,
  initialContent,
  submitLabel = EditorTexts.textEditor.submit,
  onCancel,
  label,
  ref,
}: {
  onSubmit: (value: TextEditorValue) => void;
  errors: FieldErrors<'content'>;
  submitting?: boolean;
  placeholder?: string;
  height?: number;
  autoFocus?: boolean;
  initialContent?: string;
  submitLabel?: string;
  /** Shows a cancel button (the inline editor of a posted text). */
  onCancel?: () => void;
  /** The text box's accessible name; the placeholder when not given. */
  label?: string;
  ref?: Ref<TextEditorHandle>;
}) {
  const [content, setContent] = useState(initialContent ?? '');
  const editing = initialContent !== undefined;
  const [showImages, setShowImages] = useState(false);
  const uploads = useImageUploads();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentions(textarea, setContent);

  useImperativeHandle(ref, () => ({
    focus: () => textarea.current?.focus(),
    clear: () => {
      setContent('');
      uploads.reset();
      setShowImages(false);
    },
  }));

  const addImages = (files: File[]) => {
    if (files.length === 0) return false;
    setShowImages(true);
    uploads.add(files);
    return true;
  };

  const submit = () => {
    if (submitting) return;
    if (uploads.uploading) return void toast.error(EditorTexts.images.stillUploading);
    onSubmit({ content, imageList: uploads.urls.map((url) => ({ url })) });
  };

  const { ref: controlRef, ...invalid } = errors.control('content');

  return (
    <>
      <MutedNotice />
      <div
        className="rounded-md border border-line bg-input focus-within:border-accent has-[[aria-invalid=true]]:border-accent"
        data-testid="text-editor"
      >
        <textarea
          ref={(element) => {
            textarea.current = element;
            controlRef(element);
          }}
          name="content"
          value={content}
          placeholder={placeholder}
          aria-label={label ?? placeholder}
          autoFocus={autoFocus}
          style={{ height }}
          className="block w-full resize-y bg-transparent px-3 py-2 text-sm leading-6 text-body outline-none placeholder:text-faint"
          {...invalid}
          {...mentions.boxProps}
          onChange={(event) => {
            errors.clear('content');
            setContent(event.target.value);
            mentions.sync();
          }}
          {...textareaHandlers(submit, editing ? () => false : addImages)}
        />
        {mentions.list}
        {showImages && (
          <div className="border-t border-line px-3 py-3">
            <ImageUpload uploads={uploads} />
          </div>
        )}
        <div className="flex items-center justify-between border-t border-line px-3 py-2">
          {editing ? (
            <span />
          ) : (
            <button
              type="button"
              className={`inline-flex items-center gap-1 text-sm ${showImages ? 'text-accent' : 'text-muted hover:text-accent'}`}
              onClick={() => setShowImages((value) => !value)}
            >
              <ImageIcon size={16} />
              {EditorTexts.textEditor.image}
            </button>
          )}
          <div className="flex items-center gap-3">
            <span className="hidden text-xs text-faint md:inline">Ctrl/⌘ + Enter</span>
            {onCancel && (
              <button type="button" className={buttonClass.smallPlain} onClick={onCancel}>
                {EditorTexts.textEditor.cancel}
              </button>
            )}
            <button type="button" className={buttonClass.small} disabled={submitting} onClick={submit}>
              {submitLabel}
            </button>
          </div>
        </div>
      </div>
      <FieldError errors={errors} field="content" />
    </>
  );
}
