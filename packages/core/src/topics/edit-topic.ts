import {
  EditTopicInputSchema,
  type EditTopicInput,
  type TopicEditForm,
  TopicStatus,
  TopicType,
  Texts,
} from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import { assertCanPost, authorize } from '../policies';
import { getOrCreateTags } from '../tags/get-or-create-tags';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import type { UserDoc } from '../users/model';
import type { RequestContext } from '../request-context';
import { assertNoForbiddenWords } from './forbidden-words';
import type { TopicDoc } from './model';
import { resolveNode } from './node-choice';
import { checkTopicText, cleanTagNames } from './rules';
import { cleanText } from '../markdown';
import { readTopic } from '../read-model/topics';
import { resolveMentions } from '../mentions/rules';
import { changeTopic } from './change-topic';

/** A shown topic the user may edit: exists, is a topic (not a tweet), and is theirs or they moderate. */
async function editableTopic(user: UserDoc, topicId: number): Promise<TopicDoc> {
  const topic = await readTopic(topicId);
  if (!topic || topic.status !== TopicStatus.Ok) throw new AppError('NOT_FOUND', Texts.topics.missingOnEdit);
  if (topic.type !== TopicType.Topic) throw new AppError('INVALID_INPUT', Texts.topics.tweetNotEditable);
  authorize(user, 'editTopic', topic);
  return topic;
}

/** What the edit form shows (legacy GET /api/topic/edit/{id}): the raw Markdown and tag names. */
export async function getTopicForEdit(
  editor: UserDoc | null | undefined,
  topicId: number,
): Promise<TopicEditForm> {
  const user = await assertCanPost(editor);
  const topic = await editableTopic(user, topicId);
  const tags = await tagsByIds(topic.tagIds ?? []);
  return {
    id: topic._id,
    nodeId: topic.nodeId,
    title: topic.title ?? '',
    content: topic.content ?? '',
    hideContent: topic.hideContent ?? '',
    tags: tagsIn(topic.tagIds, tags).map((tag) => tag.name),
  };
}

/**
 * Changes node, title, body, hidden part and tags of a topic, logs the edit, and returns the
 * topic as it is now (bbs-go returned the old one, docs/legacy-api.md Appendix A #9). Tweets cannot be edited.
 */
export async function editTopic(ctx: RequestContext, input: EditTopicInput): Promise<TopicDoc> {
  const user = await assertCanPost(ctx.actor);
  // Parsed again after the posting check: bbs-go answers "sign in first" before any input error,
  // and the legacy form reaches here unparsed (the tRPC input is parsed already; parsing is idempotent).
  const parsed = EditTopicInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', undefined, { cause: parsed.error });
  const command = parsed.data;
  const topic = await editableTopic(user, command.id);
  const text = checkTopicText(command.title, command.content);
  const hideContent = cleanText(command.hideContent);
  const tagNames = cleanTagNames(command.tags);
  // An edit names its node explicitly: falling back to the default would silently move the topic.
  if (command.nodeId <= 0) throw new AppError('INVALID_INPUT', Texts.topics.nodeMissing);
  const node = await resolveNode(command.nodeId, 0);
  await assertNoForbiddenWords(text.title, text.content, hideContent, ...tagNames);

  const tags = await getOrCreateTags(tagNames);
  const mentions = await resolveMentions(text.content);
  const { projected: doc } = await changeTopic(
    { _id: topic._id },
    {
      $set: {
        nodeId: node._id,
        title: text.title,
        content: text.content,
        mentions,
        hideContent,
        tagIds: tags.map((tag) => tag._id),
      },
    },
  );
  await logAction(ctx, { opType: 'update', dataType: 'topic', dataId: topic._id, description: '' });
  return doc!;
}
