import { Link } from 'react-router';
import { useSiteConfig } from '~/features/users/session-hooks';
import { isLinkEnabled } from '~/features/users/modules';
import { ExternalLink } from '~/components/ExternalLink';
import { LayoutTexts } from '~/texts/layout';

const texts = LayoutTexts.footer;
const links = [
  { title: texts.links.about, to: '/about' },
  { title: texts.links.tags, to: '/tags' },
  { title: texts.links.links, to: '/links' },
  { title: texts.links.projects, to: '/projects' },
];

export function SiteFooter() {
  const config = useSiteConfig();
  const { siteTitle } = config;
  return (
    <footer
      className="mt-10 border-t border-line bg-card py-8 text-center text-sm text-muted"
      data-testid="site-footer"
    >
      <nav aria-label={texts.navLabel} className="mb-3 flex justify-center gap-6">
        {links
          .filter((link) => isLinkEnabled(config, link.to))
          .map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-accent">
              {link.title}
            </Link>
          ))}
      </nav>
      <p>
        © {new Date().getFullYear()} {siteTitle}
      </p>
      <p className="mt-1">{texts.techSupport(texts.techSupportTeam)}</p>
      <p className="mt-1">
        <ExternalLink href="https://beian.miit.gov.cn/" className="hover:text-accent">
          {texts.filingNumber}
        </ExternalLink>
      </p>
    </footer>
  );
}
