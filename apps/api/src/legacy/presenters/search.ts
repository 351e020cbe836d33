/** The bbs-go wire shape of the topic search: a numbered page of SearchTopicResponse (§4.16). */
import type { SearchInput } from '@forum/contracts';
import { searchTopicHits } from '@forum/core';
import { legacyNode } from './nodes';
import { legacyTag } from './tags';
import type { LegacyUserInfo } from './users';

export async function legacySearchTopics(input: SearchInput) {
  const { page, hits } = await searchTopicHits(input);
  const results = hits.map((hit) => ({
    topicId: hit.topicId,
    // Core's user card is UserInfo, key for key.
    user: hit.user satisfies LegacyUserInfo,
    node: hit.node ? legacyNode(hit.node) : null,
    tags: hit.tags.length ? hit.tags.map(legacyTag) : null,
    title: hit.title,
    summary: hit.summary,
    createTime: hit.createTime,
  }));
  return { page, results };
}
