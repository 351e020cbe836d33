import { describe, expect, it } from 'vitest';
import { queryTerms } from './terms';

describe('queryTerms', () => {
  it('answers the same words again for a kept query, whatever a caller did to the last answer', () => {
    const first = queryTerms('说话人日志 Conformer');
    expect(first.map((term) => term.key)).toEqual(['说话人', '日志', 'conformer']);
    first[0]!.key = 'changed';
    first[0]!.pairs.push('changed');
    first.pop();
    const again = queryTerms('说话人日志 Conformer');
    expect(again.map((term) => term.key)).toEqual(['说话人', '日志', 'conformer']);
    expect(again[0]!.pairs).toEqual(['说话', '话人']);
  });
});
