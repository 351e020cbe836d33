import { describe, expect, it } from 'vitest';
import { Tag, getOrCreateTags, reprojectTag } from '@forum/core';
import { legacyGet, legacyPost, success } from '../test/client';
import { useTestApi } from '../test/harness';

const t = useTestApi();

describe('tags', () => {
  it('get-or-create is case-insensitive: ASR and asr are one tag', async () => {
    const [first] = await getOrCreateTags(['ASR']);
    const [second] = await getOrCreateTags(['asr']);
    expect(second!._id).toBe(first!._id);
    expect(await Tag.countDocuments({ nameLower: 'asr' })).toBe(1);
  });

  it('GET /api/tag/{id} answers a TagResponse, or 标签不存在', async () => {
    const [tag] = await getOrCreateTags(['语音合成']);
    expect(await legacyGet(t, `/api/tag/${tag!._id}`)).toEqual(
      success({ tagId: tag!._id, tagName: '语音合成' }),
    );
    expect(await legacyGet(t, '/api/tag/99999999')).toEqual({
      errorCode: 0,
      message: '标签不存在',
      data: null,
      success: false,
    });
  });

  it('GET /api/tag/tags is a numbered page of 200, newest first', async () => {
    await getOrCreateTags(['声学模型']);
    const hidden = (await getOrCreateTags(['隐藏标签']))[0]!;
    await Tag.updateOne({ _id: hidden._id }, { $set: { status: 1 } });
    await reprojectTag(hidden._id);
    const body = await legacyGet(t, '/api/tag/tags');
    const data = body.data as { page: object; results: { tagId: number; tagName: string }[] };
    expect(data.page).toEqual({ page: 1, limit: 200, total: data.results.length });
    expect(data.results.map((tag) => tag.tagName)).not.toContain('隐藏标签');
    const ids = data.results.map((tag) => tag.tagId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await legacyGet(t, '/api/tag/tags', { page: 9 })).data).toMatchObject({ results: null });
  });

  it('POST /api/tag/autocomplete gives raw tags by prefix, and null for blank input', async () => {
    const [tag] = await getOrCreateTags(['Kaldi']);
    expect(await legacyPost(t, '/api/tag/autocomplete', { input: 'kal' })).toEqual(
      success([
        {
          id: tag!._id,
          name: 'Kaldi',
          description: '',
          status: 0,
          createTime: tag!.createTime,
          updateTime: tag!.updateTime,
        },
      ]),
    );
    expect(await legacyPost(t, '/api/tag/autocomplete', { input: '  ' })).toEqual(success(null));
    expect(await legacyPost(t, '/api/tag/autocomplete', { input: '.*' })).toEqual(success(null));
  });
});
