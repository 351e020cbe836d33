/**
 * The content rules of a topic or tweet, checked in the order bbs-go answered them, each with the
 * text the legacy client shows. Returns the cleaned values the service stores.
 */
import {
  TAG_NAME_MAX_LENGTH,
  TAGS_PER_TOPIC_MAX,
  TOPIC_CONTENT_MAX_LENGTH,
  TOPIC_IMAGES_MAX,
  TOPIC_TITLE_MAX_LENGTH,
  TWEET_CONTENT_MAX_LENGTH,
  type TopicImage,
  Texts,
} from '@forum/contracts';
import { AppError } from '../errors';
import { charLength, cleanText } from '../markdown';
import { uploadedKeyOf } from '../uploads/storage';
import { uploadStorage } from '../uploads/settings';

const invalid = (message: string, field?: string) => new AppError('INVALID_INPUT', message, { field });

/** Tag names trimmed, empties and case-insensitive duplicates dropped; at most `max` of ≤ 15. */
export function cleanTagNames(names: string[], max: number = TAGS_PER_TOPIC_MAX): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = cleanText(raw);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    result.push(name);
  }
  if (result.length > max) throw invalid(Texts.topics.tooManyTags(max), 'tags');
  if (result.some((name) => charLength(name) > TAG_NAME_MAX_LENGTH)) {
    throw invalid(Texts.topics.tagTooLong, 'tags');
  }
  return result;
}

export interface TopicText {
  title: string;
  content: string;
}

/** Title and Markdown body of a type-0 topic. */
export function checkTopicText(title: string, content: string): TopicText {
  const cleanTitle = cleanText(title);
  const cleanContent = cleanText(content);
  if (!cleanTitle) throw invalid(Texts.common.titleRequired, 'title');
  if (charLength(cleanTitle) > TOPIC_TITLE_MAX_LENGTH) {
    throw invalid(Texts.topics.titleTooLong, 'title');
  }
  if (!cleanContent) throw invalid(Texts.common.contentRequired, 'content');
  if (charLength(cleanContent) > TOPIC_CONTENT_MAX_LENGTH) {
    throw invalid(Texts.topics.contentTooLong, 'content');
  }
  return { title: cleanTitle, content: cleanContent };
}

/**
 * Images of a tweet: only images we stored ourselves, since those were decoded, size-checked and
 * stripped of metadata; a foreign URL could track readers or change after review.
 */
export function checkTweetImages(images: TopicImage[]): TopicImage[] {
  const urls = images.map((image) => cleanText(image.url)).filter(Boolean);
  if (urls.length > TOPIC_IMAGES_MAX) throw invalid(Texts.topics.tooManyImages);
  if (urls.length === 0) return [];
  const storage = uploadStorage();
  if (urls.some((url) => !uploadedKeyOf(storage, url))) throw invalid(Texts.topics.imageNotOurs);
  return urls.map((url) => ({ url }));
}

/** Text and images of a tweet: one of them is required. */
export function checkTweet(
  content: string,
  images: TopicImage[],
): { content: string; imageList: TopicImage[] } {
  const cleanContent = cleanText(content);
  const imageList = checkTweetImages(images);
  if (!cleanContent && imageList.length === 0) throw invalid(Texts.topics.tweetEmpty, 'content');
  if (charLength(cleanContent) > TWEET_CONTENT_MAX_LENGTH) {
    throw invalid(Texts.topics.tweetTooLong, 'content');
  }
  return { content: cleanContent, imageList };
}
