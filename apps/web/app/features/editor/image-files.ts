import { TOPIC_IMAGES_MAX, UPLOAD_MAX_BYTES, UploadMessages } from '@forum/contracts';
import { EditorTexts } from '~/texts/editor';

/** At most this many images per tweet or comment. */
export const MAX_IMAGES = TOPIC_IMAGES_MAX;

/**
 * Which of the chosen files may be uploaded next to `existing` images: images only, not over the
 * size limit, and no more than `max` in all. `warning` explains what was left out.
 */
export function acceptImageFiles<T extends { type: string; size: number }>(
  files: readonly T[],
  existing: number,
  max = MAX_IMAGES,
): { accepted: T[]; warning?: string } {
  const images = files.filter((file) => file.type.startsWith('image/'));
  const fitting = images.filter((file) => file.size <= UPLOAD_MAX_BYTES);
  const room = Math.max(0, max - existing);
  const accepted = fitting.slice(0, room);
  if (fitting.length > room) return { accepted, warning: EditorTexts.images.tooMany(max) };
  if (fitting.length < images.length) return { accepted, warning: UploadMessages.tooLarge };
  return { accepted };
}

/** The image files of a paste or a drop (other content is left to the textarea). */
export function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  return Array.from(data.files).filter((file) => file.type.startsWith('image/'));
}
