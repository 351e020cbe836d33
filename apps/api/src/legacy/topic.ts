/** Topics and nodes, `/api/topic/...` (legacy-api.md §1.2) and the node admin (§2.2). */
import type { NextFunction, Request, Response, Router } from 'express';
import { LegacyErrorCodes, type CreateTopicInput, type TopicImage } from '@forum/contracts';
import {
  AppError,
  createTopic,
  deleteTopic,
  editTopic,
  getHiddenContent,
  getNode,
  isFavorited,
  countTopicView,
  findShownTopic,
  getTopicForEdit,
  legacyNode,
  legacyTopicList,
  legacyTopicOf,
  legacyTopicPage,
  listNewestTopics,
  listNodes,
  listRecommendedTopics,
  listStickyTopics,
  listTopics,
  listUserTopics,
  setTopicRecommend,
  setTopicSticky,
  type PostMeta,
} from '@forum/core';
import { resolveRequestUser } from '../context';
import { requireUser } from './auth';
import { formInt, formValue } from './fans';
import { handle, handlePublic } from './handler';

/** bbs-go's `{id}` only matches an integer; anything else is an unmatched route (404). */
function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d{1,15}$/.test(String(req.params.id)) ? undefined : 'route');
}

const idOf = (req: Request) => Number(req.params.id);

export function requestMeta(req: Request): PostMeta {
  return { ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '' };
}

function text(req: Request, name: string): string {
  return formValue(req, name) ?? '';
}

/** `tags` is a comma-separated list (§0.2). */
function tagsOf(req: Request): string[] {
  return text(req, 'tags')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** `imageList` is a JSON string of `[{"url": …}]`; anything that is not an array is ignored. */
function imagesOf(req: Request): TopicImage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text(req, 'imageList') || 'null');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((item: unknown) => {
    const url = (item as { url?: unknown } | null)?.url;
    return { url: typeof url === 'string' ? url : '' };
  });
}

/** Go's strconv.ParseBool. */
export function parseGoBool(raw: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(raw)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(raw)) return false;
  return undefined;
}

/** A required form value in bbs-go's words: a missing one, then Go's parse error. */
function requiredParam<T>(
  req: Request,
  name: string,
  parse: (raw: string) => T | undefined,
  kind: string,
): T {
  const raw = formValue(req, name);
  if (raw === undefined || raw === '')
    throw new AppError('INVALID_INPUT', `unable to find param value '${name}'`);
  const value = parse(raw);
  if (value === undefined) {
    throw new AppError('INVALID_INPUT', `strconv.${kind}: parsing ${JSON.stringify(raw)}: invalid syntax`);
  }
  return value;
}

const parseInt64 = (raw: string) => (/^[+-]?\d{1,18}$/.test(raw) ? Number(raw) : undefined);

/**
 * bbs-go turned anti-spam failures into plain message errors carrying the coded text
 * ("1000: 验证码错误", "1004: 请先验证邮箱", Appendix A #1); legacy clients show that text.
 */
function spamErrorAsMessage(error: unknown): never {
  if (AppError.is(error) && (error.code === 'CAPTCHA_INVALID' || error.code === 'EMAIL_NOT_VERIFIED')) {
    throw new AppError('INVALID_INPUT', `${LegacyErrorCodes[error.code]}: ${error.message}`);
  }
  throw error;
}

export function topicRoutes(api: Router): void {
  api.get(
    '/topic/nodes',
    handlePublic(async () => {
      const nodes = await listNodes();
      return nodes.length ? nodes.map(legacyNode) : null;
    }),
  );
  api.get(
    '/topic/node_navs',
    // Anonymous answers are shared; a signed-in reader's (with 关注) never enters that cache.
    handlePublic(async (req) => {
      const { user } = await resolveRequestUser(req);
      const virtual = [
        { nodeId: 0, name: '最新', logo: '', description: '' },
        { nodeId: -1, name: '推荐', logo: '', description: '' },
        ...(user ? [{ nodeId: -2, name: '关注', logo: '', description: '' }] : []),
      ];
      return [...virtual, ...(await listNodes()).map(legacyNode)];
    }),
  );
  api.get(
    '/topic/node',
    handlePublic(async (req) => {
      const node = await getNode(formInt(req, 'nodeId'));
      return node ? legacyNode(node) : null;
    }),
  );

  api.post(
    '/topic/create',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const input: CreateTopicInput = {
        type: formInt(req, 'type') === 1 ? 1 : 0,
        nodeId: Math.max(0, formInt(req, 'nodeId')),
        title: text(req, 'title'),
        content: text(req, 'content'),
        hideContent: text(req, 'hideContent'),
        tags: tagsOf(req),
        imageList: imagesOf(req),
        captchaId: text(req, 'captchaId').slice(0, 64),
        captchaCode: text(req, 'captchaCode').slice(0, 16),
      };
      const topic = await createTopic(user, input, requestMeta(req)).catch(spamErrorAsMessage);
      return legacyTopicOf(topic);
    }),
  );

  api.get(
    '/topic/edit/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const form = await getTopicForEdit(user, idOf(req));
      return {
        topicId: form.id,
        nodeId: form.nodeId,
        title: form.title,
        content: form.content,
        hideContent: form.hideContent,
        tags: form.tags.length ? form.tags : null,
      };
    }),
  );
  api.post(
    '/topic/edit/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const topic = await editTopic(
        user,
        {
          id: idOf(req),
          nodeId: Math.max(0, formInt(req, 'nodeId')),
          title: text(req, 'title'),
          content: text(req, 'content'),
          hideContent: text(req, 'hideContent'),
          tags: tagsOf(req),
        },
        requestMeta(req),
      );
      return legacyTopicOf(topic);
    }),
  );

  api.post(
    '/topic/delete/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      await deleteTopic(user, idOf(req), requestMeta(req));
      return null;
    }),
  );

  api.post(
    '/topic/recommend/:id',
    numericId,
    handle(async (req) => {
      // bbs-go read the parameter before checking who asks.
      const recommend = requiredParam(req, 'recommend', parseGoBool, 'ParseBool');
      const user = await requireUser(req);
      await setTopicRecommend(user, idOf(req), recommend, requestMeta(req));
      return null;
    }),
  );
  api.post(
    '/topic/sticky/:id',
    numericId,
    handle(async (req) => {
      const user = await requireUser(req);
      const sticky = parseGoBool(text(req, 'sticky')) ?? false;
      await setTopicSticky(user, idOf(req), sticky, requestMeta(req));
      return null;
    }),
  );

  api.get(
    '/topic/recent',
    handlePublic(async () => legacyTopicList(await listNewestTopics(10))),
  );
  api.get(
    '/topic/newest',
    handlePublic(async () => legacyTopicList(await listNewestTopics(6))),
  );
  api.get(
    '/topic/recommend',
    handlePublic(async () => legacyTopicList(await listRecommendedTopics(10))),
  );
  api.get(
    '/topic/sticky_topics',
    handlePublic(async (req) => legacyTopicList(await listStickyTopics(formInt(req, 'nodeId')))),
  );
  api.get(
    '/topic/user/topics',
    handlePublic(async (req) => {
      const userId = requiredParam(req, 'userId', parseInt64, 'ParseInt');
      const page = await listUserTopics(userId, formInt(req, 'cursor'));
      return legacyTopicPage(page);
    }),
  );
  api.get(
    '/topic/topics',
    handlePublic(async (req) => {
      const page = await listTopics({
        cursor: formInt(req, 'cursor'),
        nodeId: formInt(req, 'nodeId'),
        recommend: parseGoBool(text(req, 'recommend')) ?? false,
      });
      return legacyTopicPage(page);
    }),
  );
  api.get(
    '/topic/tag/topics',
    handlePublic(async (req) => {
      const tagId = requiredParam(req, 'tagId', parseInt64, 'ParseInt');
      // A tag id of 0 or less names no tag: an empty page rather than every topic.
      if (tagId <= 0) return { results: null, cursor: String(formInt(req, 'cursor')), hasMore: false };
      const page = await listTopics({ tagId, cursor: formInt(req, 'cursor') });
      return legacyTopicPage(page);
    }),
  );
  api.get(
    '/topic/hide_content',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      return getHiddenContent(formInt(req, 'topicId'), user);
    }),
  );

  api.get(
    '/topic/:id',
    numericId,
    handlePublic(
      // Only anonymous answers are cached (their `favorited` is false); a request with a token is
      // answered anew for its reader.
      async (req) => {
        const topic = await findShownTopic(idOf(req));
        const { user } = await resolveRequestUser(req);
        return {
          ...(await legacyTopicOf(topic, true)),
          favorited: await isFavorited(user?._id, 'topic', topic._id),
        };
      },
      // Every read counts a view, cached answer or not (no dedup, as bbs-go).
      (req) => {
        const id = idOf(req);
        return async (topic) => ({ ...(topic as object), viewCount: await countTopicView(id) });
      },
    ),
  );
}
