/**
 * The content rules of an article, checked in the order bbs-go answered them, each with the text
 * the legacy client shows. Returns the cleaned values the service stores.
 */
import {
  ARTICLE_CONTENT_MAX_LENGTH,
  ARTICLE_SUMMARY_MAX_LENGTH,
  ARTICLE_TITLE_MAX_LENGTH,
} from '@forum/contracts';
import { AppError } from '../errors';
import { charLength, cleanText } from '../markdown';

const invalid = (message: string) => new AppError('INVALID_INPUT', message);

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
