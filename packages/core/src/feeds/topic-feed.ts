import { Texts, TopicType } from '@forum/contracts';
import { getSiteConfig } from '../config/site-config';
import { renderMarkdown, renderText, sanitizeHtml, summarize, type RenderOptions } from '../markdown';
import { nodesByIds } from '../nodes/get-node';
import { siteBaseUrl } from '../site';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import type { TopicDoc } from '../topics/model';
import { renderAtom, type AtomEntry } from './atom';
import { authorNames } from './authors';
import { feedHtml } from './feed-html';
import { FEED_ENTRY_LIMIT, FEED_SUMMARY_LENGTH, TWEET_TITLE_LENGTH } from './limits';
import { topDesc } from '../read-model/lists';
import { readTopics, topicLists } from '../read-model/topics';

/** A tweet's plain text with its line breaks kept, then its images; through the allow-list like any user HTML. */
function tweetHtml(topic: TopicDoc, render: RenderOptions): string {
  const text = topic.content ? `<p>${renderText(topic.content).replace(/\r?\n/g, '<br>')}</p>` : '';
  const images = (topic.imageList ?? [])
    .map((image) => `<p><img src="${renderText(image.url)}" alt=""></p>`)
    .join('');
  return sanitizeHtml(text + images, render);
}

function tweetTitle(topic: TopicDoc): string {
  const text = (topic.content ?? '').replace(/\s+/g, ' ').trim();
  return text ? Array.from(text).slice(0, TWEET_TITLE_LENGTH).join('') : Texts.topics.imageOnlyTweet;
}

/**
 * `/topic_atom.xml`: the newest shown topics and tweets as an Atom feed. Hidden content (the part
 * only commenters may read) is never included.
 */
export async function buildTopicFeed(): Promise<string> {
  const base = siteBaseUrl();
  const [config, topics] = await Promise.all([
    getSiteConfig(),
    topDesc(topicLists.newest(), FEED_ENTRY_LIMIT).then(readTopics),
  ]);
  const [authors, nodes, tags] = await Promise.all([
    authorNames(topics.map((topic) => topic.userId)),
    nodesByIds(topics.map((topic) => topic.nodeId)),
    tagsByIds(topics.flatMap((topic) => topic.tagIds ?? [])),
  ]);
  const render = { baseUrl: base, urlRedirect: config.urlRedirect };
  const entries = topics.map((topic): AtomEntry => {
    const isTweet = topic.type === TopicType.Tweet;
    const html = isTweet ? tweetHtml(topic, render) : renderMarkdown(topic.content ?? '', render);
    const url = `${base}/topic/${topic._id}`;
    const node = nodes.get(topic.nodeId);
    return {
      id: url,
      title: isTweet ? tweetTitle(topic) : topic.title,
      url,
      published: topic.createTime,
      // Topics keep no edit time; comments do not change the entry itself.
      updated: topic.createTime,
      authorName: authors.get(topic.userId),
      summary: summarize(html, FEED_SUMMARY_LENGTH),
      html: feedHtml(html, base),
      categories: [...(node ? [node.name] : []), ...tagsIn(topic.tagIds, tags).map((tag) => tag.name)],
    };
  });
  return renderAtom({
    id: `${base}/topic_atom.xml`,
    title: Texts.feeds.topicsTitle(config.siteTitle),
    subtitle: config.siteDescription,
    selfUrl: `${base}/topic_atom.xml`,
    alternateUrl: `${base}/topics`,
    authorName: config.siteTitle,
    entries,
  });
}
