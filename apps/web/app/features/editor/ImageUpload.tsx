import { CloseIcon, PlusIcon } from '~/components/icons';
import { useImagePicker } from '~/features/uploads/use-image-picker';
import { CommonTexts } from '~/texts/common';
import { EditorTexts } from '~/texts/editor';
import type { ImageUploads } from './use-image-uploads';

/** The grid of 94px tiles under a tweet or comment editor, with a "+" tile to pick more. */
export function ImageUpload({ uploads }: { uploads: ImageUploads }) {
  const { pick, fileInput } = useImagePicker({ multiple: true, onFiles: uploads.add });
  return (
    <ul className="flex flex-wrap gap-2" data-testid="image-upload">
      {uploads.tiles.map((tile) => (
        <li key={tile.key} className="group relative size-[94px] overflow-hidden rounded-md bg-hover">
          <img src={tile.preview} alt="" className="size-full object-cover" />
          {!tile.url ? (
            <span className="absolute inset-0 flex items-center justify-center bg-black/45 text-xs text-white">
              {CommonTexts.uploading}
            </span>
          ) : (
            <button
              type="button"
              aria-label={EditorTexts.images.remove}
              className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-black/55 text-white opacity-80 hover:opacity-100"
              onClick={() => uploads.remove(tile.key)}
            >
              <CloseIcon size={12} />
            </button>
          )}
        </li>
      ))}
      {uploads.tiles.length < uploads.max && (
        <li>
          <button
            type="button"
            aria-label={EditorTexts.images.add}
            className="flex size-[94px] items-center justify-center rounded-md border border-dashed border-line text-faint hover:border-accent hover:text-accent"
            onClick={pick}
          >
            <PlusIcon size={28} />
          </button>
          <input {...fileInput} data-testid="image-upload-input" />
        </li>
      )}
    </ul>
  );
}
