import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft, type DraftStorage } from './draft';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('drafts', () => {
  it('keys a draft by page kind and id', () => {
    expect(draftKey('topic')).toBe('forum.draft.topic.new');
    expect(draftKey('article-edit', 12)).toBe('forum.draft.article-edit.12');
    expect(draftKey('topic-edit', 12)).not.toBe(draftKey('article-edit', 12));
  });

  it('gives back what was saved', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'k', { title: '标题', tags: ['asr'] }, false);
    expect(loadDraft(storage, 'k')).toEqual({ title: '标题', tags: ['asr'] });
  });

  it('removes the draft when the form is empty again', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'k', { title: 'x' }, false);
    saveDraft(storage, 'k', { title: '' }, true);
    expect(storage.data.has('k')).toBe(false);
    expect(loadDraft(storage, 'k')).toBeNull();
  });

  it('is cleared after a submit', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'k', 'text', false);
    clearDraft(storage, 'k');
    expect(loadDraft(storage, 'k')).toBeNull();
  });

  it('ignores corrupt or foreign values', () => {
    const storage = memoryStorage();
    storage.setItem('a', '{not json');
    storage.setItem('b', '"just a string"');
    expect(loadDraft(storage, 'a')).toBeNull();
    expect(loadDraft(storage, 'b')).toBeNull();
  });

  it('survives a storage that throws (quota, privacy mode)', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveDraft(broken, 'k', 'x', false)).not.toThrow();
    expect(loadDraft(broken, 'k')).toBeNull();
    expect(() => clearDraft(broken, 'k')).not.toThrow();
  });
});
