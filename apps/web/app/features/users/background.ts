import type { CSSProperties } from 'react';

/** The banner's background: the user's image, or the site's red gradient when there is none. */
export function bannerBackground(backgroundImage: string): CSSProperties {
  if (!backgroundImage) return { backgroundImage: 'linear-gradient(120deg, #fa5151 0%, #ff9a6b 100%)' };
  return {
    backgroundImage: `linear-gradient(rgba(0,0,0,0.05), rgba(0,0,0,0.45)), url(${JSON.stringify(backgroundImage)})`,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };
}
