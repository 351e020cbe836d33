import { useEffect, useRef, type MouseEvent } from 'react';
import { ImageViewer, useImageViewer } from '~/features/image-viewer/ImageViewer';
import { imageSources } from '~/features/image-viewer/viewer';
import { ContentTexts } from '~/texts/content';
import { watchLazyImages } from './lazy-images';

/**
 * Safe HTML from the API (rendered and sanitised on the server): its images load lazily and open in
 * the image viewer; code blocks carry highlight.js classes that content.css colours.
 */
export function ContentHtml({
  html,
  className = '',
  testId,
}: {
  html: string;
  className?: string;
  testId?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const viewer = useImageViewer();

  useEffect(() => {
    if (!root.current) return;
    return watchLazyImages(root.current);
  }, [html]);

  const openImage = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!(target instanceof HTMLImageElement) || !root.current) return;
    // An image inside a link follows the link.
    if (target.closest('a')) return;
    const images = Array.from(root.current.querySelectorAll('img'));
    viewer.open(imageSources(root.current), Math.max(0, images.indexOf(target)));
  };

  return (
    <>
      <div
        ref={root}
        className={`content-html ${className}`}
        data-testid={testId}
        onClick={openImage}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <ImageViewer state={viewer.state} onClose={viewer.close} />
    </>
  );
}

/** Thumbnails of a tweet's or a comment's images; a click opens the full images in the viewer. */
export function ImageGrid({
  images,
  size = 'normal',
}: {
  images: { url: string; preview: string }[];
  size?: 'normal' | 'small';
}) {
  const viewer = useImageViewer();
  if (images.length === 0) return null;
  const tile = size === 'small' ? 'size-20' : 'size-28 md:size-32';
  return (
    <>
      <ul className="mt-3 flex flex-wrap gap-2" data-testid="image-grid">
        {images.map((image, index) => (
          <li key={`${image.url}-${index}`}>
            <button
              type="button"
              aria-label={ContentTexts.viewImage(index + 1)}
              className={`block overflow-hidden rounded-md bg-hover ${tile}`}
              onClick={() =>
                viewer.open(
                  images.map((i) => i.url),
                  index,
                )
              }
            >
              <img
                src={image.preview || image.url}
                alt=""
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <ImageViewer state={viewer.state} onClose={viewer.close} />
    </>
  );
}
