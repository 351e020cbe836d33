import { describe, expect, it } from 'vitest';
import { insertMention } from './insert-mention';
import { mentionQueryAt } from './mention-query';

describe('mentionQueryAt', () => {
  it('finds the @ the caret is typing after, by username or nickname', () => {
    expect(mentionQueryAt('你好 @ali', 7)).toEqual({ start: 3, prefix: 'ali' });
    expect(mentionQueryAt('@声学', 3)).toEqual({ start: 0, prefix: '声学' });
    expect(mentionQueryAt('（@bo）', 4)).toEqual({ start: 1, prefix: 'bo' });
  });

  it('opens nothing for a bare @, an address, a finished word or a caret elsewhere', () => {
    expect(mentionQueryAt('你好 @', 4)).toBeNull();
    expect(mentionQueryAt('mail me@host', 12)).toBeNull();
    expect(mentionQueryAt('@alice 你好', 9)).toBeNull();
    expect(mentionQueryAt('@alice', 0)).toBeNull();
    expect(mentionQueryAt(`@${'a'.repeat(30)}`, 31)).toBeNull();
  });
});

describe('insertMention', () => {
  it('replaces what was typed with @username and a space, the caret after it', () => {
    expect(insertMention('你好 @ali 再见', { start: 3, prefix: 'ali' }, 'alice_1')).toEqual({
      value: '你好 @alice_1 再见',
      caret: 12,
    });
    expect(insertMention('@声学', { start: 0, prefix: '声学' }, 'wangxy')).toEqual({
      value: '@wangxy ',
      caret: 8,
    });
  });
});
