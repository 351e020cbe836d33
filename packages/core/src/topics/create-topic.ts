import {
  CreateTopicInputSchema,
  isModuleEnabled,
  ModuleDisabledMessages,
  TopicType,
  type CreateTopicInput,
  TopicStatus,
} from '@forum/contracts';
import { verifyCaptcha } from '../captcha/captcha';
import { getSiteConfig } from '../config/site-config';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { insertWithEvents } from '../events/insert-with-events';
import { newEvent } from '../events/outbox';
import { assertCanPost } from '../policies';
import { hitRateLimit } from '../rate-limit';
import { getOrCreateTags } from '../tags/get-or-create-tags';
import { resolveMentions } from '../mentions/rules';
import type { RequestContext } from '../request-context';
import { projectTopic } from '../read-model/topics';
import { assertNoForbiddenWords } from './forbidden-words';
import { Topic, type TopicDoc } from './model';
import { resolveNode } from './node-choice';
import { checkTopicText, checkTweet, cleanTagNames } from './rules';
import { cleanText } from '../markdown';

/**
 * Publishes a topic or tweet. Checks run before anything is written, so a refused post leaves no
 * tag, topic or counter behind. The `topic.created` event is recorded in the topic's own insert.
 */
export async function createTopic(ctx: RequestContext, input: CreateTopicInput): Promise<TopicDoc> {
  const user = await assertCanPost(ctx.actor);
  // Parsed after the posting check, not by the legacy transport: bbs-go answers "sign in first"
  // (and "muted") before any input error. The tRPC input is parsed already; parsing twice is harmless.
  const parsed = CreateTopicInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', undefined, { cause: parsed.error });
  const command = parsed.data;
  const config = await getSiteConfig();
  const module = command.type === TopicType.Tweet ? 'tweet' : 'topic';
  if (!isModuleEnabled(config, module)) throw new AppError('FORBIDDEN', ModuleDisabledMessages[module]);

  // The anti-spam chain of bbs-go (docs/legacy-api.md §4.19): e-mail verification first, then the captcha.
  if (config.createTopicEmailVerified && !user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  if (config.topicCaptcha && !(await verifyCaptcha(command.captchaId, command.captchaCode))) {
    throw new AppError('CAPTCHA_INVALID');
  }

  const isTweet = command.type === TopicType.Tweet;
  const body = isTweet
    ? { title: '', hideContent: '', ...checkTweet(command.content, command.imageList) }
    : {
        ...checkTopicText(command.title, command.content),
        hideContent: cleanText(command.hideContent),
        imageList: [],
      };
  const tagNames = cleanTagNames(command.tags);
  const node = await resolveNode(command.nodeId, config.defaultNodeId);
  await assertNoForbiddenWords(body.title, body.content, body.hideContent, ...tagNames);
  await hitRateLimit('topic-create', user._id);

  const tags = await getOrCreateTags(tagNames);
  const mentions = await resolveMentions(body.content);
  const topic = await insertWithFreshId('topic', Topic, (id) => {
    const now = Date.now();
    const event = newEvent('topic.created', { topicId: id, userId: user._id, nodeId: node._id });
    return insertWithEvents(
      Topic,
      {
        _id: id,
        type: command.type,
        nodeId: node._id,
        userId: user._id,
        ...body,
        mentions,
        tagIds: tags.map((tag) => tag._id),
        status: TopicStatus.Ok,
        lastCommentTime: now,
        lastCommentUserId: 0,
        ip: ctx.ip.slice(0, 128),
        userAgent: ctx.userAgent.slice(0, 1024),
        createTime: now,
      },
      [event],
      { project: projectTopic },
    );
  });
  return topic as TopicDoc;
}
