import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ContentHtml } from '~/features/content/ContentHtml';
import {
  BoldIcon,
  CodeIcon,
  HeadingIcon,
  ImageIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  QuoteIcon,
} from '~/components/icons';
import { toast } from '~/features/toast';
import { uploadImage } from '~/features/uploads/upload-image';
import { useImagePicker } from '~/features/uploads/use-image-picker';
import { errorMessage } from '~/lib/api-error';
import { FieldError } from '~/components/FieldError';
import type { FieldErrors } from '~/lib/field-errors';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';
import { acceptImageFiles } from './image-files';
import { textareaHandlers } from './textarea-handlers';
import { useMentions } from '~/features/mentions/use-mentions';
import {
  applyToolbarAction,
  imageAltText,
  imageMarkdown,
  siteRelativeUrl,
  insertText,
  type TextEdit,
  type ToolbarAction,
} from './markdown-toolbar';

const tools: { action: ToolbarAction; label: string; icon: ReactNode }[] = [
  { action: 'bold', label: EditorTexts.markdown.tools.bold, icon: <BoldIcon size={16} /> },
  { action: 'italic', label: EditorTexts.markdown.tools.italic, icon: <ItalicIcon size={16} /> },
  { action: 'heading', label: EditorTexts.markdown.tools.heading, icon: <HeadingIcon size={16} /> },
  { action: 'link', label: EditorTexts.markdown.tools.link, icon: <LinkIcon size={16} /> },
  { action: 'code', label: EditorTexts.markdown.tools.code, icon: <CodeIcon size={16} /> },
  { action: 'quote', label: EditorTexts.markdown.tools.quote, icon: <QuoteIcon size={16} /> },
  { action: 'list', label: EditorTexts.markdown.tools.list, icon: <ListIcon size={16} /> },
];

/**
 * Markdown in a plain textarea with a toolbar, image upload (button, paste, drop) inserting
 * `![](url)`, and a preview tab that shows the server's own rendering (content.preview).
 */
export function MarkdownEditor({
  value,
  onChange,
  onSubmit,
  placeholder = EditorTexts.placeholders.markdown,
  height = 400,
  testId,
  errors,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  placeholder?: string;
  height?: number;
  testId?: string;
  /** The form's inline errors: the `content` error shows under the editor until the text changes. */
  errors?: FieldErrors<'content'>;
}) {
  const trpc = useTRPC();
  const control = errors?.control('content');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [uploading, setUploading] = useState(0);
  const preview = useMutation(trpc.content.preview.mutationOptions());
  const mentions = useMentions(textarea, onChange);

  // The selection a toolbar action chose is applied once React has written the new text.
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !textarea.current) return;
    pendingSelection.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(...selection);
  });

  const currentEdit = (): TextEdit => {
    const element = textarea.current;
    return element
      ? { value: element.value, selectionStart: element.selectionStart, selectionEnd: element.selectionEnd }
      : { value, selectionStart: value.length, selectionEnd: value.length };
  };

  const apply = (edit: TextEdit) => {
    pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
    onChange(edit.value);
  };

  const upload = (files: File[]) => {
    const { accepted, warning } = acceptImageFiles(files, 0, Number.POSITIVE_INFINITY);
    if (warning) toast.error(warning);
    for (const file of accepted) {
      setUploading((n) => n + 1);
      uploadImage(file)
        .then((url) => {
          const edit = currentEdit();
          const path = siteRelativeUrl(url, window.location.origin);
          apply(insertText(edit, imageMarkdown(path, edit, imageAltText(file.name))));
        })
        .catch((error: unknown) =>
          toast.error(error instanceof Error ? error.message : EditorTexts.images.uploadFailed),
        )
        .finally(() => setUploading((n) => n - 1));
    }
    return accepted.length > 0;
  };
  const { pick, fileInput } = useImagePicker({ multiple: true, onFiles: upload });

  const showPreview = () => {
    setTab('preview');
    if (value.trim()) preview.mutate({ markdown: value });
  };

  const tabClass = (active: boolean) =>
    `px-3 py-1.5 text-sm ${active ? 'border-b-2 border-accent text-accent' : 'text-muted hover:text-body'}`;
  const toolClass =
    'flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm text-muted hover:bg-hover hover:text-accent disabled:opacity-40';

  return (
    <div>
      <div
        className="rounded-md border border-line bg-input focus-within:border-accent has-[[aria-invalid=true]]:border-accent"
        data-testid={testId}
      >
        <div
          className="flex flex-wrap items-center gap-0.5 border-b border-line px-2"
          role="toolbar"
          aria-label={EditorTexts.markdown.toolbar}
        >
          <button type="button" className={tabClass(tab === 'edit')} onClick={() => setTab('edit')}>
            {EditorTexts.markdown.edit}
          </button>
          <button type="button" className={tabClass(tab === 'preview')} onClick={showPreview}>
            {EditorTexts.markdown.preview}
          </button>
          <span className="mx-2 h-4 w-px bg-line" />
          {tools.map((tool) => (
            <button
              key={tool.action}
              type="button"
              title={tool.label}
              aria-label={tool.label}
              className={toolClass}
              disabled={tab !== 'edit'}
              onClick={() => apply(applyToolbarAction(tool.action, currentEdit()))}
            >
              {tool.icon}
            </button>
          ))}
          <button
            type="button"
            title={EditorTexts.markdown.image}
            aria-label={EditorTexts.markdown.image}
            className={toolClass}
            disabled={tab !== 'edit'}
            onClick={pick}
          >
            <ImageIcon size={16} />
          </button>
          <input {...fileInput} data-testid="markdown-image-input" />
          {uploading > 0 && <span className="ml-2 text-xs text-faint">{EditorTexts.markdown.uploading}</span>}
        </div>
        {tab === 'edit' ? (
          <>
            <textarea
              ref={(element) => {
                textarea.current = element;
                control?.ref(element);
              }}
              value={value}
              placeholder={placeholder}
              aria-label={placeholder}
              aria-invalid={control?.['aria-invalid']}
              aria-describedby={control?.['aria-describedby']}
              style={{ height }}
              className="block w-full resize-y bg-transparent px-3 py-2 font-mono text-sm leading-6 text-body outline-none placeholder:font-sans placeholder:text-faint"
              {...mentions.boxProps}
              onChange={(event) => {
                errors?.clear('content');
                onChange(event.target.value);
                mentions.sync();
              }}
              {...textareaHandlers(onSubmit, upload)}
            />
            {mentions.list}
          </>
        ) : (
          <div
            className="overflow-y-auto px-4 py-3"
            style={{ minHeight: height }}
            data-testid="markdown-preview"
          >
            {!value.trim() ? (
              <p className="text-sm text-faint">{EditorTexts.markdown.nothingToPreview}</p>
            ) : preview.isPending ? (
              <p className="text-sm text-faint">{EditorTexts.markdown.previewLoading}</p>
            ) : preview.isError ? (
              <p className="text-sm text-accent">{errorMessage(preview.error)}</p>
            ) : (
              preview.data && <ContentHtml html={preview.data.html} />
            )}
          </div>
        )}
      </div>
      {errors && <FieldError errors={errors} field="content" />}
    </div>
  );
}
