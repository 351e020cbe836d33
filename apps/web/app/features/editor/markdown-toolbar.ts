import { EditorTexts } from '~/texts/editor';

/**
 * What the Markdown editor's toolbar does to the text: pure functions from the text and the
 * selection to the new text and selection, so the textarea only applies the result.
 */
export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

export type ToolbarAction = 'bold' | 'italic' | 'heading' | 'link' | 'code' | 'quote' | 'list';

/** What a tool inserts when nothing is selected. */
const samples = EditorTexts.markdown.samples;

/** Replaces the selection with `text` and selects the part [selectFrom, selectTo) of it. */
export function replaceSelection(
  edit: TextEdit,
  text: string,
  selectFrom = text.length,
  selectTo = selectFrom,
): TextEdit {
  const before = edit.value.slice(0, edit.selectionStart);
  const after = edit.value.slice(edit.selectionEnd);
  return {
    value: before + text + after,
    selectionStart: before.length + selectFrom,
    selectionEnd: before.length + selectTo,
  };
}

/** Puts `text` at the cursor (replacing any selection) and leaves the cursor after it. */
export function insertText(edit: TextEdit, text: string): TextEdit {
  return replaceSelection(edit, text);
}

/** Surrounds the selection (or a placeholder, which is then selected for typing over). */
function wrap(edit: TextEdit, left: string, right: string, placeholder: string): TextEdit {
  const selected = edit.value.slice(edit.selectionStart, edit.selectionEnd) || placeholder;
  return replaceSelection(edit, left + selected + right, left.length, left.length + selected.length);
}

/** Prefixes every line the selection touches, e.g. "> " or "- ". */
function prefixLines(edit: TextEdit, prefix: string, placeholder: string): TextEdit {
  const lineStart = edit.value.lastIndexOf('\n', edit.selectionStart - 1) + 1;
  const nextBreak = edit.value.indexOf('\n', edit.selectionEnd);
  const lineEnd =
    edit.selectionEnd > edit.selectionStart && edit.value[edit.selectionEnd - 1] === '\n'
      ? edit.selectionEnd - 1
      : nextBreak === -1
        ? edit.value.length
        : nextBreak;
  const lines = edit.value.slice(lineStart, lineEnd) || placeholder;
  const text = lines
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
  return replaceSelection(
    { ...edit, selectionStart: lineStart, selectionEnd: lineEnd },
    text,
    0,
    text.length,
  );
}

export function applyToolbarAction(action: ToolbarAction, edit: TextEdit): TextEdit {
  const selected = edit.value.slice(edit.selectionStart, edit.selectionEnd);
  switch (action) {
    case 'bold':
      return wrap(edit, '**', '**', samples.bold);
    case 'italic':
      return wrap(edit, '*', '*', samples.italic);
    case 'heading':
      return prefixLines(edit, '## ', samples.heading);
    case 'quote':
      return prefixLines(edit, '> ', samples.quote);
    case 'list':
      return prefixLines(edit, '- ', samples.list);
    case 'link': {
      const text = selected || samples.link;
      const inserted = `[${text}](https://)`;
      // The address is what is left to type.
      const urlStart = text.length + 3;
      return replaceSelection(edit, inserted, urlStart, urlStart + 'https://'.length);
    }
    case 'code': {
      if (selected && !selected.includes('\n')) return wrap(edit, '`', '`', '');
      const atLineStart = edit.selectionStart === 0 || edit.value[edit.selectionStart - 1] === '\n';
      const open = `${atLineStart ? '' : '\n'}\`\`\`\n`;
      const body = selected.replace(/\n$/, '') || samples.code;
      return replaceSelection(edit, `${open + body}\n\`\`\`\n`, open.length, open.length + body.length);
    }
  }
}

/**
 * The Markdown of an uploaded image, on a line of its own when the cursor is mid-line, described
 * by `alt` (its file name, which the author may then improve) for readers who cannot see it.
 */
export function imageMarkdown(url: string, edit: TextEdit, alt = ''): string {
  const midLine = edit.selectionStart > 0 && edit.value[edit.selectionStart - 1] !== '\n';
  const text = alt.replace(/[[\]\\\n\r]/g, ' ').trim();
  return `${midLine ? '\n' : ''}![${text}](${url})\n`;
}

/** What an image file is called without its extension: `频谱图.png` is described as 频谱图. */
export function imageAltText(fileName: string): string {
  return fileName.replace(/\.[a-z0-9]{1,5}$/i, '').slice(0, 100);
}

/**
 * An upload's address as posts should keep it: a path when it is on the page's own site, so a post
 * survives a change of `BASE_URL` or the host it is read under; any other address as it is.
 */
export function siteRelativeUrl(url: string, origin: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.pathname + parsed.search : url;
  } catch {
    return url;
  }
}
