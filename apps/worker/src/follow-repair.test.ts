/**
 * A follow whose writer died between saving the row and putting it in the read model: its
 * `follow.created` event (left in the row's outbox) repairs the follows and fans lists through the
 * maintenance queue, and the feed job copies the followee's topics although Redis does not list
 * the follow yet. An unfollow whose writer died between deleting the row and taking it out of the
 * lists is repaired the same way by its `follow.deleted` event, mutual status included.
 */
import { describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import {
  enqueueEvents,
  feedList,
  followRowId,
  followUser,
  FollowStatus,
  JobRun,
  kv,
  readUser,
  UserFollow,
  type OutboxEntry,
} from '@forum/core';
import { buildUser, contextFor, postTopic, recordEvent, useTestServices } from '@forum/core/testing';
import { runToDeath, useForum, waitFor } from '../test/helpers';

const services = useTestServices();
const crashFixture = 'crash-in-follow-projection.ts';

const forum = useForum(services);

describe('a follow after a crash', () => {
  it('written by a process that died before projecting it reaches the lists and the feed through its event', async () => {
    const author = await buildUser();
    const reader = await buildUser();
    const topic = await postTopic(author, '关注之前的话题');

    const died = await runToDeath(services, crashFixture, {
      FOLLOWER_ID: String(reader._id),
      FOLLOWED_ID: String(author._id),
    });
    expect(died.signal, died.stderr).toBe('SIGKILL');
    // A filtered query: this test's small database only.
    const row = await UserFollow.findOne({ userId: reader._id, otherId: author._id }).lean();
    const event = row?.outbox?.[0] as OutboxEntry | undefined;
    expect(event).toMatchObject({ type: 'follow.created', payload: { followId: row!._id } });
    expect(await followRowId(reader._id, author._id)).toBeNull();

    // The feed job alone first (no maintenance job has repaired the lists yet): it finds the
    // follow in MongoDB and copies the author's topic.
    await forum.startWorker([QueueName.Feed]);
    // As the sweeper does: the event's row first, then its job.
    await recordEvent(event!, 'UserFollow', row!._id);
    await enqueueEvents([event!], {
      routesFor: () => [{ queue: QueueName.Feed, job: 'copy-followed-topics' }],
    });
    await waitFor(
      'the feed job to run',
      async () => !!(await JobRun.exists({ _id: `feed/${event!.id}` })),
      120_000,
    );
    expect(await kv().zrange(feedList(reader._id), '0', '-1')).toEqual([String(topic._id)]);
    expect(await followRowId(reader._id, author._id)).toBeNull();

    // The sweeper re-dispatches the recorded event; its maintenance job projects the follow.
    await forum.startWorker([QueueName.Maintenance]);
    await waitFor(
      'the follow in the read model',
      async () => (await followRowId(reader._id, author._id)) === row!._id,
      120_000,
    );
    expect((await readUser(reader._id))?.followCount).toBe(1);
    expect((await readUser(author._id))?.fansCount).toBe(1);
  }, 420_000);

  it('undone by a process that died before taking it out of the lists leaves them through its event', async () => {
    await forum.stopWorker();
    const reader = await buildUser();
    const author = await buildUser();
    await followUser(contextFor(reader), author._id);
    await followUser(contextFor(author), reader._id);
    const readerRow = (await followRowId(reader._id, author._id))!;
    const authorRow = (await followRowId(author._id, reader._id))!;
    expect((await UserFollow.findById(authorRow).lean())?.status).toBe(FollowStatus.Mutual);

    const died = await runToDeath(services, crashFixture, {
      ACTION: 'unfollow',
      FOLLOWER_ID: String(reader._id),
      FOLLOWED_ID: String(author._id),
    });
    expect(died.signal, died.stderr).toBe('SIGKILL');
    expect(await UserFollow.exists({ _id: readerRow })).toBeNull();
    // The lists and the other row still say what they said before the unfollow.
    expect(await followRowId(reader._id, author._id)).toBe(readerRow);
    expect((await UserFollow.findById(authorRow).lean())?.status).toBe(FollowStatus.Mutual);

    await forum.startWorker([QueueName.Maintenance]);
    await waitFor(
      'the unfollow in the read model',
      async () => (await followRowId(reader._id, author._id)) === null,
      120_000,
    );
    expect((await readUser(reader._id))?.followCount).toBe(0);
    expect((await readUser(author._id))?.fansCount).toBe(0);
    await waitFor(
      "the author's row to say one-way",
      async () => (await UserFollow.findById(authorRow).lean())?.status === FollowStatus.Following,
    );
    expect(await followRowId(author._id, reader._id)).toBe(authorRow);
  }, 420_000);
});
