/**
 * The content rules of an article, checked in the order bbs-go answered them, each with the text
 * the legacy client shows. Returns the cleaned values the service stores.
 */
import {
  ARTICLE_CONTENT_MAX_LENGTH,
  ARTICLE_SUMMARY_MAX_LENGTH,
  ARTICLE_TITLE_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  TAGS_PER_ARTICLE_MAX,
} from '@forum/contracts';
import { AppError } from '../errors';
import { stripNul } from '../markdown';

const invalid = (message: string) => new AppError('INVALID_INPUT', message);

/** Trimmed, without NUL (FerretDB cannot store it). */
export function cleanText(text: string): string {
  return stripNul(text).trim();
}

/** Length in characters as people count them (an emoji is one), like bbs-go's rune count. */
function charLength(text: string): number {
  return [...text].length;
}

export interface ArticleText {
  title: string;
  summary: string;
  content: string;
}

export function checkArticleText(title: string, summary: string, content: string): ArticleText {
  const cleanTitle = cleanText(title);
  const cleanSummary = cleanText(summary);
  const cleanContent = cleanText(content);
  if (!cleanTitle) throw invalid('标题不能为空');
  if (charLength(cleanTitle) > ARTICLE_TITLE_MAX_LENGTH) {
    throw invalid(`标题长度不能超过${ARTICLE_TITLE_MAX_LENGTH}`);
  }
  if (!cleanContent) throw invalid('内容不能为空');
  if (charLength(cleanContent) > ARTICLE_CONTENT_MAX_LENGTH) {
    throw invalid(`内容长度不能超过${ARTICLE_CONTENT_MAX_LENGTH}`);
  }
  if (charLength(cleanSummary) > ARTICLE_SUMMARY_MAX_LENGTH) {
    throw invalid(`摘要长度不能超过${ARTICLE_SUMMARY_MAX_LENGTH}`);
  }
  return { title: cleanTitle, summary: cleanSummary, content: cleanContent };
}

/** Tag names trimmed, empties and case-insensitive duplicates dropped; at most 3 of ≤ 15. */
export function cleanArticleTags(names: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = cleanText(raw);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    result.push(name);
  }
  if (result.length > TAGS_PER_ARTICLE_MAX) throw invalid(`标签最多${TAGS_PER_ARTICLE_MAX}个`);
  if (result.some((name) => charLength(name) > TAG_NAME_MAX_LENGTH)) {
    throw invalid(`标签长度不能超过${TAG_NAME_MAX_LENGTH}`);
  }
  return result;
}
