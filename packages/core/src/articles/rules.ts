/**
 * The content rules of an article, checked in the order bbs-go answered them, each with the text
 * the legacy client shows. Returns the cleaned values the service stores.
 */
import {
  ARTICLE_CONTENT_MAX_LENGTH,
  ARTICLE_SUMMARY_MAX_LENGTH,
  ARTICLE_TITLE_MAX_LENGTH,
  Texts,
} from '@forum/contracts';
import { AppError } from '../errors';
import { charLength, cleanText } from '../markdown';

const invalid = (message: string, field?: string) => new AppError('INVALID_INPUT', message, { field });

export interface ArticleText {
  title: string;
  summary: string;
  content: string;
}

export function checkArticleText(title: string, summary: string, content: string): ArticleText {
  const cleanTitle = cleanText(title);
  const cleanSummary = cleanText(summary);
  const cleanContent = cleanText(content);
  if (!cleanTitle) throw invalid(Texts.common.titleRequired, 'title');
  if (charLength(cleanTitle) > ARTICLE_TITLE_MAX_LENGTH) {
    throw invalid(Texts.articles.titleTooLong, 'title');
  }
  if (!cleanContent) throw invalid(Texts.common.contentRequired, 'content');
  if (charLength(cleanContent) > ARTICLE_CONTENT_MAX_LENGTH) {
    throw invalid(Texts.articles.contentTooLong, 'content');
  }
  if (charLength(cleanSummary) > ARTICLE_SUMMARY_MAX_LENGTH) {
    throw invalid(Texts.articles.summaryTooLong, 'summary');
  }
  return { title: cleanTitle, summary: cleanSummary, content: cleanContent };
}
