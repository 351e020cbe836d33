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
  /** The list summary: the body's first 128 characters of text. */
  summary: string;
  /**
   * The body's HTML, mentions not yet linked (the detail links them). Kept beside the cached
   * document, so list pages do not carry it: present only where a reader loaded it
   * (`withTopicBody`).
   */
  body?: string;
}

export const renderVariant = (render: RenderOptions) => `${render.baseUrl}\n${String(render.urlRedirect)}`;

export function renderTopicBody(content: string, render: RenderOptions): string {
  return renderMarkdown(content, render);
}

export function summarizeTopicBody(body: string): string {
  return summarize(body, TOPIC_SUMMARY_LENGTH);
}

/**
 * What the read model keeps of a topic's rendering: the summary in the cached document, the body
 * beside it (`TOPIC_BODY`, as JSON with its variant). None for a tweet (plain text).
 */
export async function deriveTopicFields(doc: { type?: unknown; content?: unknown }): Promise<{
  fields: { rendered?: TopicRendering };
  beside?: Record<string, string>;
}> {
  if (doc.type === TopicType.Tweet) return { fields: { rendered: undefined } };
  const render = await siteRenderOptions();
  const variant = renderVariant(render);
  const body = renderTopicBody(typeof doc.content === 'string' ? doc.content : '', render);
  return {
    fields: { rendered: { variant, summary: summarizeTopicBody(body) } },
    beside: { [TOPIC_BODY]: JSON.stringify({ variant, body }) },
  };
}

/** The name of a topic's rendered body beside its cached document. */
export const TOPIC_BODY = 'body';
