/**
 * Work a process killed half-way leaves behind, finished by the next run: a count flush killed
 * between taking its batch and writing it, and a message stored by a job killed before projecting
 * it whose id claim Redis then lost (a failed-over node, or the claim's expiry).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MessageType } from '@forum/contracts';
import { kv, kvKey } from '../kv';
import { Message } from '../messages/model';
import { sendMessage } from '../messages/send-message';
import { ensureDefaultNode } from '../nodes/ensure-default-node';
import { TopicNode } from '../nodes/model';
import { buildUser, contextFor, useTestServices } from '../testing';
import { createTopic } from '../topics/create-topic';
import { EntityCount, flushCounts, flushingKey } from './counts';
import { countView, dirtyKey, entityKind } from './entities';
import { messageIdOf, messageLists } from './messages';

useTestServices({ eventBus: true });
beforeAll(() => ensureDefaultNode());

describe('a count flush killed mid-batch', () => {
  it('leaves what it took for the next flush, which writes it', async () => {
    const nodeId = (await TopicNode.findOne({}).lean<{ _id: number }>())!._id;
    const topic = await createTopic(contextFor(await buildUser()), {
      type: 0,
      nodeId,
      title: '浏览计数',
      content: '正文',
    } as never);
    const id = topic._id;
    await flushCounts();
    await countView(entityKind('topic')!, id);
    await countView(entityKind('topic')!, id);
    // What a flusher does before writing: the batch moves from the dirty set to its own.
    const member = `topic:${id}`;
    expect(await kv().smove(dirtyKey(), flushingKey(), member)).toBe(1);
    // ...and it is killed there. The next flush finds nothing dirty, yet writes the batch.
    expect(await kv().sismember(dirtyKey(), member)).toBe(0);
    await flushCounts();
    expect(
      (await EntityCount.findById(member).lean<{ counts: { viewCount: number } }>())?.counts.viewCount,
    ).toBe(2);
    expect(await kv().scard(flushingKey())).toBe(0);
  });
});

describe('a message job re-run after its claim was lost', () => {
  it('projects the message its killed first run stored, and stores no second one', async () => {
    const [sender, recipient] = [await buildUser(), await buildUser()];
    const draft = {
      userId: recipient._id,
      fromId: sender._id,
      type: MessageType.TopicComment,
      title: '回复了你的话题',
      content: '内容',
      quoteContent: '',
      extraData: {},
    };
    const eventId = `lost-claim-${Date.now()}`;
    const key = `${eventId}:${recipient._id}`;
    const first = await sendMessage(eventId, draft);
    // As if the first run died before projecting: the read model never learnt of it...
    await kv().hdel(messageLists.ids(), key);
    await kv().zrem(messageLists.inbox(recipient._id), String(first!._id));
    // ...and the node holding its id claim failed over without it.
    await kv().del(kvKey('claims', 'message', key));

    expect(await sendMessage(eventId, draft)).toBeNull();
    expect(await Message.countDocuments({ key })).toBe(1);
    expect(await messageIdOf(key)).toBe(first!._id);
    expect(await kv().zscore(messageLists.inbox(recipient._id), String(first!._id))).not.toBeNull();
  });
});
