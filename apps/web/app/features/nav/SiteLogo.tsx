import { Link } from 'react-router';

export function SiteLogo({ siteTitle }: { siteTitle: string }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2" data-testid="site-logo">
      <img src="/logo.svg" alt={siteTitle} width={30} height={30} />
      <span className="text-lg font-semibold tracking-wide text-body" aria-hidden="true">
        {siteTitle}
      </span>
    </Link>
  );
}
