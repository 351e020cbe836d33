import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '~/features/toast';
import { uploadImage } from '~/features/uploads/upload-image';
import { EditorTexts } from '~/texts/editor';
import { acceptImageFiles, MAX_IMAGES } from './image-files';

export interface UploadTile {
  key: string;
  /** A local blob: URL shown at once, before the server answers. */
  preview: string;
  /** The uploaded image's address, once the server has it. */
  url?: string;
}

let nextKey = 0;

/**
 * The images of a tweet or a comment: each file shows at once and uploads in the background; a
 * failed upload disappears with the server's message. `uploading` blocks submitting.
 */
export function useImageUploads(max = MAX_IMAGES) {
  const [tiles, setTiles] = useState<UploadTile[]>([]);
  const count = useRef(0);
  count.current = tiles.length;

  const add = useCallback(
    (files: readonly File[]) => {
      const { accepted, warning } = acceptImageFiles(files, count.current, max);
      if (warning) toast.error(warning);
      const added = accepted.map((file) => ({
        file,
        key: `img-${++nextKey}`,
        preview: URL.createObjectURL(file),
      }));
      count.current += added.length;
      setTiles((old) => [...old, ...added.map(({ key, preview }) => ({ key, preview }))]);
      for (const { file, key, preview } of added) {
        uploadImage(file).then(
          (url) => setTiles((old) => old.map((tile) => (tile.key === key ? { ...tile, url } : tile))),
          (error: unknown) => {
            URL.revokeObjectURL(preview);
            setTiles((old) => old.filter((tile) => tile.key !== key));
            toast.error(error instanceof Error ? error.message : EditorTexts.images.uploadFailedRetry);
          },
        );
      }
    },
    [max],
  );

  const remove = useCallback((key: string) => {
    setTiles((old) => {
      const tile = old.find((t) => t.key === key);
      if (tile) URL.revokeObjectURL(tile.preview);
      return old.filter((t) => t.key !== key);
    });
  }, []);

  const reset = useCallback((urls: string[] = []) => {
    setTiles(urls.map((url) => ({ key: `img-${++nextKey}`, preview: url, url })));
  }, []);

  // Blob URLs hold the file in memory until revoked.
  const latest = useRef(tiles);
  latest.current = tiles;
  useEffect(
    () => () =>
      latest.current.forEach((tile) => tile.preview.startsWith('blob:') && URL.revokeObjectURL(tile.preview)),
    [],
  );

  return {
    tiles,
    urls: tiles.flatMap((tile) => (tile.url ? [tile.url] : [])),
    uploading: tiles.some((tile) => !tile.url),
    add,
    remove,
    reset,
    max,
  };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;
