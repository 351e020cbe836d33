import { Link } from 'react-router';
import { useSiteConfig } from '~/features/users/session-hooks';
import { isLinkEnabled } from '~/features/users/modules';
import { FILING_NUMBER, TECH_SUPPORT } from '~/lib/site';
import { ExternalLink } from '~/components/ExternalLink';

const links = [
  { title: '关于', to: '/about' },
  { title: '标签', to: '/tags' },
  { title: '友链', to: '/links' },
  { title: '开源项目', to: '/projects' },
];

export function SiteFooter() {
  const config = useSiteConfig();
  const { siteTitle } = config;
  return (
    <footer
      className="mt-10 border-t border-line bg-card py-8 text-center text-sm text-muted"
      data-testid="site-footer"
    >
      <nav aria-label="页脚导航" className="mb-3 flex justify-center gap-6">
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
      <p className="mt-1">技术支持：{TECH_SUPPORT}</p>
      <p className="mt-1">
        <ExternalLink href="https://beian.miit.gov.cn/" className="hover:text-accent">
          {FILING_NUMBER}
        </ExternalLink>
      </p>
    </footer>
  );
}
