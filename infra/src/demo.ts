/**
 * `npm run demo`: loads the demo speech-research forum into the database `npm start` uses and
 * rebuilds the read model from it. While `npm start` runs, that is the running site's database and
 * Redis (see running-site.ts); otherwise the FerretDB in .data/, or MONGO_URL / MONGO_DB when set.
 * Running it again changes nothing. Its ids come from the site's Redis sequences (blocks taken with
 * INCRBY), and it leaves every sequence at or past the largest id of its collection.
 */
import { createRedis, initKv, raiseIdSequences, rebuildReadModel, withRebuildLock } from '@forum/core';
import { loadDemoData, type DemoCounts } from './demo-data';
import { runSiteTool } from './site-tool';

function describe(counts: DemoCounts): string {
  return [
    `${counts.users} 位用户`,
    `${counts.nodes} 个节点`,
    `${counts.tags} 个标签`,
    `${counts.topics} 个话题`,
    `${counts.tweets} 条动态`,
    `${counts.articles} 篇文章`,
    `${counts.comments} 条评论（其中回复 ${counts.replies} 条）`,
    `${counts.likes} 个点赞`,
    `${counts.favorites} 个收藏`,
    `${counts.follows} 个关注`,
    `${counts.links} 个友情链接`,
    `${counts.projects} 个项目`,
  ].join('、');
}

await runSiteTool(async (site) => {
  // Ids come from Redis (the site's sequences), and pages read the read model: both need the site's Redis.
  const redis = createRedis(site.services.redisUrl);
  initKv(redis, site.redisPrefix);
  // The demo takes its ids from the site's sequences, past every row the database holds already.
  await raiseIdSequences();
  const result = await loadDemoData();
  if (result.created) {
    console.log('正在重建读模型…');
    while (!(await withRebuildLock(() => rebuildReadModel()))) await new Promise((r) => setTimeout(r, 500));
  }
  // Every sequence ends at or past the largest id of its collection (raised, never lowered).
  await raiseIdSequences();
  await redis.quit();
  console.log(
    result.created
      ? `演示数据已导入：${describe(result.counts)}。`
      : `数据库里已有演示数据，本次未做任何改动（${describe(result.counts)}）。`,
  );
  // Printed on purpose: these are public demo accounts, and this is the only place to learn it.
  console.log(`所有演示用户的密码都是 ${result.password}，例如用户名 ${result.usernames[0]}。`);
});
