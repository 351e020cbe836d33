/**
 * The search index is part of the read model's rebuild (`npm run reindex`, an emptied Redis, an
 * older layout) and of the `reindex-search` job: both lay out the weighted posting sets again, so
 * ranking, units and spellings work on the rebuilt index as on one built document by document.
 */
import { describe, expect, it } from 'vitest';
import { rebuildReadModel } from '../read-model/rebuild';
import { kvKey } from '../kv';
import { rmRedis, searchKey } from '../read-model/store';
import { buildTopic, useTestServices } from '../testing';
// The search module as the services load it: the embedded engine and the rebuild's search sources.
import { reindexSearch, searchEngine } from './index';

useTestServices();

const find = async (keyword: string) =>
  (await searchEngine().search({ kind: 'topic', keyword, page: 1, limit: 20 })).ids;

describe('rebuilding the search index', () => {
  it('lays out the weighted posting sets again, by the read model rebuild and by reindex-search', async () => {
    const now = Date.now();
    const leading = await buildTopic({
      title: '',
      type: 1,
      content: 'WeNet 仓库里的示例跑通了，8kHz 的电话录音也能识别',
      createTime: now - 60_000,
    });
    const passing = await buildTopic({
      title: '周报',
      content: '顺带提到 wenet，还有 8k 电话数据的清洗',
      createTime: now,
    });
    const expectRanked = async () => {
      expect(await find('wenet')).toEqual([leading._id, passing._id]);
      expect((await find('8000Hz 电话')).sort()).toEqual([leading._id, passing._id].sort());
      expect(await find('猫粮哪个牌子好')).toEqual([]);
      const weight = await rmRedis().zscore(searchKey('topic', 'w', 'wenet'), leading._id);
      expect(Number(weight)).toBeGreaterThan(0);
    };

    // The read model gone (this file's keys only): its rebuild indexes every shown topic again.
    // Under `rm:`: the read model's `{rm}` keys and the search index's `{search}` keys.
    const gone = await rmRedis().keys(kvKey('rm', '*'));
    if (gone.length) await rmRedis().unlink(...gone);
    expect(await find('wenet')).toEqual([]);
    await rebuildReadModel();
    await expectRanked();

    // The maintenance job: clears the index and indexes again.
    await reindexSearch();
    await expectRanked();
  });
});
