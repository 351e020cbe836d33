/**
 * A topic's rendered Markdown, made when the topic is written into the read model rather than when
 * it is read: the long tail of a forum (a topic nobody opened since the process started, a list page
 * deep in the archive) then costs no rendering at all. The rendering names the settings it was made
 * with (`variant`); a reader whose settings differ (the site's address or its link redirect changed
 * since) renders anew.
 */
import { TopicType } from '@forum/contracts';
import { renderMarkdown, summarize, type RenderOptions } from '../markdown';
import { siteRenderOptions } from '../site';

export const TOPIC_SUMMARY_LENGTH = 128;

export interface TopicRendering {
  /** The settings it was made with (`renderVariant`). */
  variant: string;
  /** The body's HTML, mentions not yet linked (the detail links them). */
  body: string;
  /** The list summary: the body's first 128 characters of text. */
  summary: string;
}

export const renderVariant = (render: RenderOptions) => `${render.baseUrl}\n${String(render.urlRedirect)}`;

export function renderTopicBody(content: string, render: RenderOptions): string {
  return renderMarkdown(content, render);
}

export function summarizeTopicBody(body: string): string {
  return summarize(body, TOPIC_SUMMARY_LENGTH);
}

/** What the read model keeps beside a topic: its rendering, or none for a tweet (plain text). */
export async function deriveTopicFields(doc: {
  type?: number;
  content?: string | null;
}): Promise<{ rendered?: TopicRendering }> {
  if (doc.type === TopicType.Tweet) return { rendered: undefined };
  const render = await siteRenderOptions();
  const body = renderTopicBody(doc.content ?? '', render);
  return { rendered: { variant: renderVariant(render), body, summary: summarizeTopicBody(body) } };
}
