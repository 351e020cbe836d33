/**
 * Watched topics in the read model come back from MongoDB after Redis lost them: the watcher sets
 * from the watch rows (an explicit unwatch stays out), and an open burst from the watch messages.
 * A default watch projected late never overtakes the member's own unwatch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEventBus, initEventBus } from '../events';
import { markMessagesRead } from '../messages/read-messages';
import { topicWatchedDraft } from '../messages/rules';
import { sendMessage } from '../messages/send-message';
import { rebuildReadModel } from '../read-model/rebuild';
import { claimBurst, isWatching, projectDefaultWatch, releaseBurst, watchersOf } from '../read-model/watches';
import { buildComment, buildTopic, buildUser, contextFor, useTestServices } from '../testing';
import { unwatchTopic, watchByDefault, watchTopic } from './watch-topic';

const services = useTestServices();
beforeAll(() => initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) }));
afterAll(() => closeEventBus());

describe('rebuilding the read model', () => {
  it('restores who watches which topic and the open bursts', async () => {
    const [watcher, quitter, replier, commenter] = [
      await buildUser(),
      await buildUser(),
      await buildUser(),
      await buildUser(),
    ];
    const topic = await buildTopic();
    await watchTopic(contextFor(watcher), topic._id);
    await watchTopic(contextFor(quitter), topic._id);
    await unwatchTopic(contextFor(quitter), topic._id);
    await watchByDefault(topic._id, replier._id, 'replied');
    const comment = await buildComment({ author: commenter, entityId: topic._id, content: '新评论' });
    await sendMessage('watch-rebuild-event', topicWatchedDraft(watcher._id, comment, topic));

    await rebuildReadModel();

    expect(await isWatching(watcher._id, topic._id)).toBe(true);
    expect(await isWatching(quitter._id, topic._id)).toBe(false);
    expect(await isWatching(replier._id, topic._id)).toBe(true);
    expect((await watchersOf(topic._id)).sort()).toEqual([watcher._id, replier._id].sort());
    // The unread watch message keeps the burst open; once read, the next event may tell them.
    expect(await claimBurst(topic._id, watcher._id, 'next-event')).toBe(false);
    await markMessagesRead(contextFor(watcher));
    expect(await claimBurst(topic._id, watcher._id, 'next-event')).toBe(true);
    // A claim holds against other events until released; the claiming event may claim again.
    expect(await claimBurst(topic._id, watcher._id, 'third-event')).toBe(false);
    expect(await claimBurst(topic._id, watcher._id, 'next-event')).toBe(true);
    await releaseBurst(topic._id, watcher._id, 'next-event');
    expect(await claimBurst(topic._id, watcher._id, 'third-event')).toBe(true);
  });
});

describe('a default watch and an unwatch at the same moment', () => {
  it('the default watch’s late projection leaves the member’s unwatch in place', async () => {
    const [member, topic] = [await buildUser(), await buildTopic()];
    // The worker inserted a default row; the member unwatched (and projected) before the worker
    // projected its row.
    await unwatchTopic(contextFor(member), topic._id);
    await projectDefaultWatch({ topicId: topic._id, userId: member._id, updateTime: Date.now() });
    expect(await isWatching(member._id, topic._id)).toBe(false);
    expect(await watchersOf(topic._id)).toEqual([]);
    // Later default watches (another comment) leave it too, without touching the database.
    await watchByDefault(topic._id, member._id, 'replied');
    expect(await isWatching(member._id, topic._id)).toBe(false);
    // Watching again is the member's own choice.
    await watchTopic(contextFor(member), topic._id);
    expect(await isWatching(member._id, topic._id)).toBe(true);
  });
});
