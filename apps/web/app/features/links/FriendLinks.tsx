import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '~/components/Card';
import { useTRPC } from '~/lib/trpc';
import { LinkLogo } from './LinkLogo';
import { ExternalLink } from '~/components/ExternalLink';
import { LinksTexts } from '~/texts/links';

/** The friend-links widget: the first ten links and a link to all; hidden when there are none. */
export function FriendLinks() {
  const trpc = useTRPC();
  const links = useQuery(trpc.links.top.queryOptions()).data ?? [];
  if (links.length === 0) return null;
  return (
    <Card
      title={LinksTexts.title}
      extra={
        <Link to="/links" className="text-xs text-faint hover:text-accent">
          {LinksTexts.more}
        </Link>
      }
    >
      <ul className="px-4 py-1.5" data-testid="friend-links">
        {links.map((link) => (
          <li key={link.id} className="flex items-center gap-2.5 py-2">
            <LinkLogo logo={link.logo} size={28} />
            <div className="min-w-0 flex-1">
              <ExternalLink href={link.url} className="block truncate text-sm text-body hover:text-accent">
                {link.title}
              </ExternalLink>
              {link.summary && <p className="truncate text-xs leading-5 text-faint">{link.summary}</p>}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
