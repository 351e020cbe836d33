import type { AnchorHTMLAttributes } from 'react';

/** A link to another site: opens in a new tab and passes on neither ranking nor the referrer. */
export function ExternalLink(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'>) {
  return <a {...props} target="_blank" rel="nofollow noopener noreferrer" />;
}
