import { describe, expect, it } from 'vitest';
import {
  addToHistory,
  matchHistory,
  readHistory,
  removeFromHistory,
  SEARCH_HISTORY_KEY,
  searchUrl,
  writeHistory,
} from './search-history';

describe('search history', () => {
  it('puts the newest keyword first and keeps each keyword once', () => {
    expect(addToHistory(['语音', '识别'], '识别')).toEqual(['识别', '语音']);
    expect(addToHistory(['语音'], '合成')).toEqual(['合成', '语音']);
  });

  it('keeps at most ten entries, dropping the oldest', () => {
    const full = Array.from({ length: 10 }, (_, i) => `k${i}`);
    const next = addToHistory(full, 'new');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('new');
    expect(next).not.toContain('k9');
  });

  it('does not save blank keywords and trims the others', () => {
    expect(addToHistory(['语音'], '   ')).toEqual(['语音']);
    expect(addToHistory([], '  声学  ')).toEqual(['声学']);
  });

  it('shows the entries containing the typed text, or all of them when nothing is typed', () => {
    const history = ['语音识别', '语音合成', '声学模型'];
    expect(matchHistory(history, '语音')).toEqual(['语音识别', '语音合成']);
    expect(matchHistory(history, '')).toEqual(history);
  });

  it('removes one entry', () => {
    expect(removeFromHistory(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('round-trips through storage and survives garbage in it', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    writeHistory(storage, ['语音']);
    expect(data.get(SEARCH_HISTORY_KEY)).toBe('["语音"]');
    expect(readHistory(storage)).toEqual(['语音']);
    data.set(SEARCH_HISTORY_KEY, '{not json');
    expect(readHistory(storage)).toEqual([]);
    data.set(SEARCH_HISTORY_KEY, '[1,"ok"]');
    expect(readHistory(storage)).toEqual(['ok']);
  });

  it('builds an encoded search URL', () => {
    expect(searchUrl(' a&b ')).toBe('/search?q=a%26b');
  });
});
