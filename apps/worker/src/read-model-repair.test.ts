import { describe, expect, it } from 'vitest';
import { listTopics, rebuildReadModel, Topic, type TopicDoc } from '@forum/core';
import { buildUser, postTopic, useTestServices } from '@forum/core/testing';
import { runToDeath, useForum, waitFor } from '../test/helpers';

const services = useTestServices();
const crashFixture = 'crash-before-projection.ts';

const forum = useForum(services);

describe('the read model after a crash', () => {
  it('a topic written by a process that died before projecting it reaches the lists through its event', async () => {
    const { _id: id } = await buildUser({ nickname: '作者' });
    await rebuildReadModel();

    const died = await runToDeath(services, crashFixture, {
      AUTHOR_ID: String(id),
      TOPIC_TITLE: '断电之后的话题',
    });
    expect(died.signal, died.stderr).toBe('SIGKILL');
    const written = await Topic.findOne({ title: '断电之后的话题' }).lean<TopicDoc>();
    expect(written?.outbox).toHaveLength(1);
    expect((await listTopics()).topics.map((topic) => topic._id)).not.toContain(written!._id);

    // The sweeper re-dispatches the recorded event; its maintenance job projects the topic.
    await forum.startWorker(['maintenance']);
    const listed = await waitFor(
      'the topic in the list',
      async () => (await listTopics()).topics.find((topic) => topic._id === written!._id),
      30_000,
    );
    expect(listed).toMatchObject({ title: '断电之后的话题', userId: id, status: 0 });
    expect((await listTopics({ nodeId: written!.nodeId })).topics.map((topic) => topic._id)).toContain(
      written!._id,
    );
  }, 60_000);

  it('a topic deleted by a process that died before projecting the delete leaves the lists through its event', async () => {
    const author = await buildUser({ nickname: '删帖的作者' });
    const topic = await postTopic(author, '将被删除的话题');
    expect((await listTopics()).topics.map((listed) => listed._id)).toContain(topic._id);

    const died = await runToDeath(services, crashFixture, {
      AUTHOR_ID: String(author._id),
      DELETE_TOPIC_ID: String(topic._id),
    });
    expect(died.signal, died.stderr).toBe('SIGKILL');
    const stored = await Topic.findById(topic._id).lean<TopicDoc>();
    expect(stored).toMatchObject({ status: 1 });
    expect(stored!.outbox?.map((event) => event.type)).toContain('entity.changed');
    expect((await listTopics()).topics.map((listed) => listed._id)).toContain(topic._id);

    if (!forum.worker) await forum.startWorker(['maintenance']);
    await waitFor(
      'the deleted topic out of the list',
      async () => !(await listTopics()).topics.some((listed) => listed._id === topic._id),
      30_000,
    );
    expect((await listTopics({ nodeId: topic.nodeId })).topics.map((listed) => listed._id)).not.toContain(
      topic._id,
    );
  }, 60_000);
});
