import { Link } from 'react-router';
import type { LinkItem } from '@forum/contracts';
import { LogoList } from './LogoList';
import { ExternalLink } from '~/components/ExternalLink';
import { LinksTexts } from '~/texts/links';

/** Friend links: logo, title (opens the site in a new tab) and summary. */
export function LinkList({ links }: { links: LinkItem[] }) {
  return (
    <LogoList rows={links} testId="link-list" itemTestId="link-item">
      {(link) => (
        <>
          <div className="min-w-0 flex-1">
            <ExternalLink
              href={link.url}
              className="text-[15px] font-medium break-words text-body hover:text-accent"
            >
              {link.title}
            </ExternalLink>
            {link.summary && <p className="mt-1 text-sm leading-6 break-words text-muted">{link.summary}</p>}
          </div>
          <Link to={`/link/${link.id}`} className="shrink-0 text-xs text-faint hover:text-accent">
            {LinksTexts.details}
          </Link>
        </>
      )}
    </LogoList>
  );
}
