import type { ClipboardEvent, DragEvent, KeyboardEvent } from 'react';
import { imageFilesOf } from './image-files';
import { isSubmitShortcut } from './keys';

/**
 * What every editor's textarea does with keys and pictures: the submit shortcut calls `submit` (when
 * there is one); pictures pasted or dropped go to `addImages`, which says whether it took any, and then
 * the browser's own paste or drop is stopped.
 */
export function textareaHandlers(submit: (() => void) | undefined, addImages: (files: File[]) => boolean) {
  return {
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (submit && isSubmitShortcut(event)) {
        event.preventDefault();
        submit();
      }
    },
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => {
      if (addImages(imageFilesOf(event.clipboardData))) event.preventDefault();
    },
    onDrop: (event: DragEvent<HTMLTextAreaElement>) => {
      if (addImages(imageFilesOf(event.dataTransfer))) event.preventDefault();
    },
  };
}
