import { renderMarkdown } from '../markdown';
import { can } from '../policies';
import { siteRenderOptions } from '../site';
import type { UserDoc } from '../users/model';
import { hasCommented } from './get-topic';
import { readTopic } from '../read-model/topics';
import { TopicStatus } from '@forum/contracts';

export interface HiddenContent {
  /** The topic is shown and has a hidden part. */
  exists: boolean;
  /** The reader may see it: they wrote the topic or commented on it. */
  show: boolean;
  /** The hidden part as safe HTML when shown, else ''. */
  content: string;
}

/** The "visible after reply" part of a topic for one reader (legacy GET /api/topic/hide_content). */
export async function getHiddenContent(
  topicId: number,
  reader: UserDoc | null | undefined,
): Promise<HiddenContent> {
  const found = Number.isSafeInteger(topicId) && topicId > 0 ? await readTopic(topicId) : null;
  const topic = found?.status === TopicStatus.Ok ? found : null;
  const hidden = topic?.hideContent?.trim() ?? '';
  if (!topic || !hidden) return { exists: false, show: false, content: '' };
  const readerCommented = !!reader && (await hasCommented(topic._id, reader._id));
  const show = can(reader, 'readHiddenContent', { userId: topic.userId, readerCommented });
  return { exists: true, show, content: show ? renderMarkdown(hidden, await siteRenderOptions()) : '' };
}
