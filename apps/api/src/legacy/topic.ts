/** Topics and nodes, `/api/topic/...` (docs/legacy-api.md §1.2); the node admin is in `admin/topic-node.ts`. */
import type { Router } from 'express';
import { Texts, type CreateTopicInput } from '@forum/contracts';
import {
  createTopic,
  deleteTopic,
  editTopic,
  getHiddenContent,
  getNode,
  isFavorited,
  countTopicView,
  findShownTopic,
  getTopicForEdit,
  listNewestTopics,
  listNodes,
  listRecommendedTopics,
  listStickyTopics,
  listTopics,
  listUserTopics,
  setTopicRecommend,
  setTopicSticky,
} from '@forum/core';
import { resolveRequestUser } from '../context';
import { spamErrorAsMessage } from './envelope';
import {
  contextOf,
  formInt,
  formText,
  idOf,
  imagesOf,
  numericId,
  parseGoBool,
  requiredInt,
  requiredParam,
  tagsOf,
} from './form';
import { requireUser } from './guards';
import { handle, handlePublic } from './handler';
import { legacyNode } from './presenters/nodes';
import { legacyTopicList, legacyTopicOf, legacyTopicPage } from './presenters/topics';

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
        { nodeId: 0, name: Texts.nodes.virtual.newest, logo: '', description: '' },
        { nodeId: -1, name: Texts.nodes.virtual.recommend, logo: '', description: '' },
        ...(user ? [{ nodeId: -2, name: Texts.nodes.virtual.feed, logo: '', description: '' }] : []),
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
        title: formText(req, 'title'),
        content: formText(req, 'content'),
        hideContent: formText(req, 'hideContent'),
        tags: tagsOf(req),
        imageList: imagesOf(req),
        captchaId: formText(req, 'captchaId').slice(0, 64),
        captchaCode: formText(req, 'captchaCode').slice(0, 16),
      };
      const topic = await createTopic(contextOf(req, user), input).catch(spamErrorAsMessage);
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
      const topic = await editTopic(contextOf(req, user), {
        id: idOf(req),
        nodeId: Math.max(0, formInt(req, 'nodeId')),
        title: formText(req, 'title'),
        content: formText(req, 'content'),
        hideContent: formText(req, 'hideContent'),
        tags: tagsOf(req),
      });
      return legacyTopicOf(topic);
    }),
  );

  api.post(
    '/topic/delete/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      await deleteTopic(contextOf(req, user), idOf(req));
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
      await setTopicRecommend(contextOf(req, user), idOf(req), recommend);
      return null;
    }),
  );
  api.post(
    '/topic/sticky/:id',
    numericId,
    handle(async (req) => {
      const user = await requireUser(req);
      const sticky = parseGoBool(formText(req, 'sticky')) ?? false;
      await setTopicSticky(contextOf(req, user), idOf(req), sticky);
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
      const userId = requiredInt(req, 'userId');
      return legacyTopicPage(await listUserTopics(userId, formInt(req, 'cursor')));
    }),
  );
  api.get(
    '/topic/topics',
    handlePublic(async (req) => {
      const page = await listTopics({
        cursor: formInt(req, 'cursor'),
        nodeId: formInt(req, 'nodeId'),
        recommend: parseGoBool(formText(req, 'recommend')) ?? false,
      });
      return legacyTopicPage(page);
    }),
  );
  api.get(
    '/topic/tag/topics',
    handlePublic(async (req) => {
      const tagId = requiredInt(req, 'tagId');
      // A tag id of 0 or less names no tag: an empty page rather than every topic.
      if (tagId <= 0) return { results: null, cursor: String(formInt(req, 'cursor')), hasMore: false };
      return legacyTopicPage(await listTopics({ tagId, cursor: formInt(req, 'cursor') }));
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
        // Side by side: the reader's session with the topic, then the reader's mark with the
        // topic's author, node and body, each pair in one Redis write.
        const [topic, { user }] = await Promise.all([findShownTopic(idOf(req)), resolveRequestUser(req)]);
        const [shown, favorited] = await Promise.all([
          legacyTopicOf(topic, true),
          isFavorited(user?._id, 'topic', topic._id),
        ]);
        return { ...shown, favorited };
      },
      // Every read counts a view, cached answer or not (no dedup, as bbs-go).
      (req) => {
        const id = idOf(req);
        return async (topic) => ({ ...(topic as object), viewCount: await countTopicView(id) });
      },
    ),
  );
}
