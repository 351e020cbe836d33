import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '~/components/icons';
import { CommonTexts } from '~/texts/common';
import { LayoutTexts } from '~/texts/layout';
import { IMAGE_VIEWER_Z_INDEX, stepIndex } from './viewer';

/** Previous and next image: each a side button and an arrow key; both wrap around at the ends. */
const steps = [
  { label: LayoutTexts.imageViewer.previous, step: -1, key: 'ArrowLeft', side: 'left-4', glyph: '‹' },
  { label: LayoutTexts.imageViewer.next, step: 1, key: 'ArrowRight', side: 'right-4', glyph: '›' },
] as const;

export interface ViewerState {
  images: string[];
  index: number;
}

/**
 * Full-screen viewer over the page: Escape or a click beside the image closes it, arrow keys and the
 * side buttons move between the images of the same post.
 */
export function ImageViewer({ state, onClose }: { state: ViewerState | null; onClose: () => void }) {
  const [index, setIndex] = useState(state?.index ?? 0);
  const [opened, setOpened] = useState(state);
  if (opened !== state) {
    setOpened(state);
    setIndex(state?.index ?? 0);
  }
  const count = state?.images.length ?? 0;

  useEffect(() => {
    if (!state) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      const arrow = steps.find(({ key }) => key === event.key);
      if (arrow) setIndex((i) => stepIndex(i, arrow.step, count));
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [state, count, onClose]);

  if (!state || count === 0) return null;
  const navClass =
    'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-2xl text-white hover:bg-white/30';
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={LayoutTexts.imageViewer.label}
      data-testid="image-viewer"
      className="fixed inset-0 flex items-center justify-center bg-black/85"
      style={{ zIndex: IMAGE_VIEWER_Z_INDEX }}
      onClick={onClose}
    >
      <img
        src={state.images[index]}
        alt=""
        className="max-h-[90vh] max-w-[92vw] object-contain shadow-2xl"
        onClick={(event) => event.stopPropagation()}
      />
      <button
        type="button"
        aria-label={CommonTexts.dialog.close}
        className="absolute top-4 right-4 flex size-10 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/30"
        onClick={onClose}
      >
        <CloseIcon size={22} />
      </button>
      {count > 1 && (
        <>
          {steps.map(({ label, step, side, glyph }) => (
            <button
              key={label}
              type="button"
              aria-label={label}
              className={`${navClass} ${side}`}
              onClick={(event) => {
                event.stopPropagation();
                setIndex((i) => stepIndex(i, step, count));
              }}
            >
              {glyph}
            </button>
          ))}
          <p className="absolute bottom-5 text-sm text-white/80">
            {index + 1} / {count}
          </p>
        </>
      )}
    </div>,
    document.body,
  );
}

/** State for one viewer: `open(images, index)` shows it, `close()` hides it. */
export function useImageViewer() {
  const [state, setState] = useState<ViewerState | null>(null);
  const open = useCallback((images: string[], index = 0) => setState({ images, index }), []);
  const close = useCallback(() => setState(null), []);
  return { state, open, close };
}
