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
  if (!cleanTitle) throw invalid(Texts.common.titleRequired);
  if (charLength(cleanTitle) > ARTICLE_TITLE_MAX_LENGTH) {
    throw invalid(Texts.articles.titleTooLong);
  }
  if (!cleanContent) throw invalid(Texts.common.contentRequired);
  if (charLength(cleanContent) > ARTICLE_CONTENT_MAX_LENGTH) {
    throw invalid(Texts.articles.contentTooLong);
  }
  if (charLength(cleanSummary) > ARTICLE_SUMMARY_MAX_LENGTH) {
    throw invalid(Texts.articles.summaryTooLong);
  }
  return { title: cleanTitle, summary: cleanSummary, content: cleanContent };
}
