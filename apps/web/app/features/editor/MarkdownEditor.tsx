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
import { useTRPC } from '~/lib/trpc';
import { acceptImageFiles } from './image-files';
import { textareaHandlers } from './textarea-handlers';
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
  { action: 'bold', label: '粗体', icon: <BoldIcon size={16} /> },
  { action: 'italic', label: '斜体', icon: <ItalicIcon size={16} /> },
  { action: 'heading', label: '标题', icon: <HeadingIcon size={16} /> },
  { action: 'link', label: '链接', icon: <LinkIcon size={16} /> },
  { action: 'code', label: '代码', icon: <CodeIcon size={16} /> },
  { action: 'quote', label: '引用', icon: <QuoteIcon size={16} /> },
  { action: 'list', label: '列表', icon: <ListIcon size={16} /> },
];

/**
 * Markdown in a plain textarea with a toolbar, image upload (button, paste, drop) inserting
 * `![](url)`, and a preview tab that shows the server's own rendering (content.preview).
 */
export function MarkdownEditor({
  value,
  onChange,
  onSubmit,
  placeholder = '请输入内容，将图片复制或拖入编辑器可上传',
  height = 400,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  placeholder?: string;
  height?: number;
  testId?: string;
}) {
  const trpc = useTRPC();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [uploading, setUploading] = useState(0);
  const preview = useMutation(trpc.content.preview.mutationOptions());

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
        .catch((error: unknown) => toast.error(error instanceof Error ? error.message : '图片上传失败'))
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
    <div className="rounded-md border border-line bg-input focus-within:border-accent" data-testid={testId}>
      <div
        className="flex flex-wrap items-center gap-0.5 border-b border-line px-2"
        role="toolbar"
        aria-label="编辑工具"
      >
        <button type="button" className={tabClass(tab === 'edit')} onClick={() => setTab('edit')}>
          编辑
        </button>
        <button type="button" className={tabClass(tab === 'preview')} onClick={showPreview}>
          预览
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
          title="图片"
          aria-label="图片"
          className={toolClass}
          disabled={tab !== 'edit'}
          onClick={pick}
        >
          <ImageIcon size={16} />
        </button>
        <input {...fileInput} data-testid="markdown-image-input" />
        {uploading > 0 && <span className="ml-2 text-xs text-faint">图片上传中...</span>}
      </div>
      {tab === 'edit' ? (
        <textarea
          ref={textarea}
          value={value}
          placeholder={placeholder}
          style={{ height }}
          className="block w-full resize-y bg-transparent px-3 py-2 font-mono text-sm leading-6 text-body outline-none placeholder:font-sans placeholder:text-faint"
          onChange={(event) => onChange(event.target.value)}
          {...textareaHandlers(onSubmit, upload)}
        />
      ) : (
        <div
          className="overflow-y-auto px-4 py-3"
          style={{ minHeight: height }}
          data-testid="markdown-preview"
        >
          {!value.trim() ? (
            <p className="text-sm text-faint">没有可预览的内容</p>
          ) : preview.isPending ? (
            <p className="text-sm text-faint">预览加载中...</p>
          ) : preview.isError ? (
            <p className="text-sm text-accent">{errorMessage(preview.error)}</p>
          ) : (
            preview.data && <ContentHtml html={preview.data.html} />
          )}
        </div>
      )}
    </div>
  );
}
