/** Fixtures for the topic, node and tag tests. */
import { randomBytes } from 'node:crypto';
import {
  ensureDefaultNode,
  nextId,
  projectTopic,
  reprojectNode,
  Topic,
  TopicNode,
  uploadStorage,
  type TopicDoc,
} from '@forum/core';

/** Node 1 "默认节点" (what start-up creates) plus one more shown node; returns their ids. */
export async function makeNodes(): Promise<{ defaultNodeId: number; otherNodeId: number }> {
  await ensureDefaultNode();
  const defaultNode = await TopicNode.findOne({ name: '默认节点' }).lean();
  const other = await TopicNode.findOne({ name: '语音识别' }).lean();
  const otherNodeId =
    other?._id ??
    (
      await TopicNode.create({
        _id: await nextId('topic_node'),
        name: '语音识别',
        description: 'ASR',
        logo: '',
        sortNo: 1,
        status: 0,
        createTime: Date.now(),
      })
    )._id;
  await reprojectNode(otherNodeId);
  return { defaultNodeId: defaultNode!._id, otherNodeId };
}

/** A topic written straight to the database, for list tests that need exact times. */
export async function insertTopic(overrides: Partial<TopicDoc> & { userId: number; nodeId: number }) {
  const id = await nextId('topic');
  const now = Date.now();
  const doc = await Topic.create({
    _id: id,
    type: 0,
    title: `主题${id}`,
    content: `内容${id}`,
    lastCommentTime: now,
    createTime: now,
    ...overrides,
  });
  const topic = doc.toObject() as TopicDoc;
  await projectTopic(topic);
  return topic;
}

/** The URL of an image as our upload storage serves it (the file itself is not needed). */
export function uploadedImageUrl(): string {
  const hash = randomBytes(32).toString('hex');
  return `${uploadStorage().publicUrl.replace(/\/+$/, '')}/images/2024/05/01/${hash}.png`;
}
