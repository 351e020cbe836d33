import { describe, expect, it } from 'vitest';
import {
  applyToolbarAction,
  imageAltText,
  imageMarkdown,
  insertText,
  siteRelativeUrl,
  type TextEdit,
} from './markdown-toolbar';

/** Text with the selection written as [brackets], e.g. 'a [b] c'; a lone '|' is the cursor. */
function at(marked: string): TextEdit {
  if (marked.includes('|')) {
    const i = marked.indexOf('|');
    return { value: marked.replace('|', ''), selectionStart: i, selectionEnd: i };
  }
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), selectionStart: start, selectionEnd: end };
}

const selected = (edit: TextEdit) => edit.value.slice(edit.selectionStart, edit.selectionEnd);

describe('the Markdown toolbar', () => {
  it('makes the selection bold and keeps it selected', () => {
    const edit = applyToolbarAction('bold', at('say [hello] world'));
    expect(edit.value).toBe('say **hello** world');
    expect(selected(edit)).toBe('hello');
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    const edit = applyToolbarAction('italic', at('x |'));
    expect(edit.value).toBe('x *斜体文字*');
    expect(selected(edit)).toBe('斜体文字');
  });

  it('turns the current line into a heading', () => {
    const edit = applyToolbarAction('heading', at('one\ntw|o\nthree'));
    expect(edit.value).toBe('one\n## two\nthree');
  });

  it('quotes and lists every selected line', () => {
    expect(applyToolbarAction('quote', at('[a\nb]')).value).toBe('> a\n> b');
    expect(applyToolbarAction('list', at('x\n[a\nb]\ny')).value).toBe('x\n- a\n- b\ny');
  });

  it('makes a link of the selection and selects the address to type', () => {
    const edit = applyToolbarAction('link', at('see [docs]'));
    expect(edit.value).toBe('see [docs](https://)');
    expect(selected(edit)).toBe('https://');
  });

  it('uses inline code for a word and a fenced block otherwise', () => {
    expect(applyToolbarAction('code', at('run [ls] now')).value).toBe('run `ls` now');
    const block = applyToolbarAction('code', at('text |'));
    expect(block.value).toBe('text \n```\n代码\n```\n');
    expect(selected(block)).toBe('代码');
    expect(applyToolbarAction('code', at('[a\nb]')).value).toBe('```\na\nb\n```\n');
  });

  it('inserts text at the cursor and moves the cursor after it', () => {
    const edit = insertText(at('ab|cd'), 'XY');
    expect(edit).toEqual({ value: 'abXYcd', selectionStart: 4, selectionEnd: 4 });
  });

  it('puts an uploaded image on its own line', () => {
    expect(imageMarkdown('/u/a.png', at('|'))).toBe('![](/u/a.png)\n');
    expect(imageMarkdown('/u/a.png', at('text|'))).toBe('\n![](/u/a.png)\n');
  });

  it('describes an uploaded image by its file name, with nothing that would end the Markdown', () => {
    expect(imageMarkdown('/u/a.png', at('|'), imageAltText('频谱图.png'))).toBe('![频谱图](/u/a.png)\n');
    expect(imageMarkdown('/u/a.png', at('|'), 'a]b[c\nd')).toBe('![a b c d](/u/a.png)\n');
  });

  it("keeps an upload on the page's own site as a path, any other address whole", () => {
    const origin = 'http://localhost:3000';
    expect(siteRelativeUrl('http://localhost:3000/uploads/2026/11/a.png', origin)).toBe(
      '/uploads/2026/11/a.png',
    );
    expect(siteRelativeUrl('https://cdn.example.com/uploads/a.png', origin)).toBe(
      'https://cdn.example.com/uploads/a.png',
    );
    expect(siteRelativeUrl('/uploads/a.png', origin)).toBe('/uploads/a.png');
  });
});
