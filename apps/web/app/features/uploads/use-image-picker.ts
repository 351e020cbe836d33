import { useRef, type ChangeEvent } from 'react';

/**
 * A hidden file input for pictures and a `pick` that opens it; the chosen files go to `onFiles`. The
 * input is emptied after each choice, so choosing the same file again fires again.
 */
export function useImagePicker({
  multiple,
  onFiles,
}: {
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return {
    pick: () => input.current?.click(),
    /** Spread on the `<input>`. */
    fileInput: {
      ref: input,
      type: 'file',
      accept: 'image/*',
      multiple,
      hidden: true,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        onFiles(Array.from(event.target.files ?? []));
        event.target.value = '';
      },
    },
  };
}
