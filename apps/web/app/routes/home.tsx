import { Link } from 'react-router';
import type { Route } from './+types/home';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon, MegaphoneIcon } from '~/components/icons';
import { nodeLinks } from '~/features/nodes/nodes';
import { useNodes } from '~/features/nodes/use-nodes';
import { useSiteConfig } from '~/features/session/hooks';
import { pageMeta } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site);

export default function Home() {
  const config = useSiteConfig();
  const tabs = nodeLinks(useNodes()).slice(0, 2);
  return (
    <div className="mx-auto flex max-w-[1200px] gap-3 px-2 py-3 md:px-4 md:py-4">
      <div className="min-w-0 flex-1 space-y-3">
        <Card>
          <div className="px-5 py-5" data-testid="site-intro">
            <h1 className="text-xl font-semibold text-body">{config.siteTitle}</h1>
            <p className="mt-2 text-sm leading-6 text-muted">{config.siteDescription}</p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link
                to="/topic/create"
                className="rounded-full bg-accent px-4 py-1.5 text-sm text-white hover:bg-accent-strong"
              >
                发表话题
              </Link>
              <Link
                to="/topics"
                className="rounded-full border border-line px-4 py-1.5 text-sm text-body hover:border-accent hover:text-accent"
              >
                浏览话题
              </Link>
            </div>
          </div>
        </Card>
        <Card
          title={
            <span className="flex gap-4">
              {tabs.map((tab, i) => (
                <Link
                  key={tab.to}
                  to={tab.to}
                  className={i === 0 ? 'text-accent' : 'font-normal text-muted hover:text-accent'}
                >
                  {tab.name}
                </Link>
              ))}
            </span>
          }
        >
          <EmptyState icon={<InboxIcon size={40} />} text="暂无话题，来发表第一个话题吧">
            <Link to="/topic/create" className="mt-4 text-sm text-link hover:underline">
              发表话题
            </Link>
          </EmptyState>
        </Card>
      </div>
      <aside className="hidden w-[260px] shrink-0 space-y-3 lg:block" aria-label="侧边栏">
        {config.siteNotification && (
          <Card
            title={
              <span className="flex items-center gap-1.5">
                <MegaphoneIcon size={16} className="text-accent" />
                公告
              </span>
            }
          >
            {/* The notice is HTML written by the site's administrators in the settings. */}
            <div
              className="px-4 py-3 text-sm leading-6 text-muted [&_a]:text-link"
              data-testid="site-notice"
              dangerouslySetInnerHTML={{ __html: config.siteNotification }}
            />
          </Card>
        )}
        <Card title="站点导航">
          <ul className="grid grid-cols-2 gap-2 p-4" data-testid="site-navs">
            {(config.siteNavs ?? []).map((nav) => (
              <li key={`${nav.title}-${nav.url}`}>
                <Link
                  to={nav.url}
                  className="block rounded-md bg-hover px-3 py-2 text-center text-sm text-body hover:text-accent"
                >
                  {nav.title}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
        {config.siteKeywords && config.siteKeywords.length > 0 && (
          <Card title="热门领域">
            <ul className="flex flex-wrap gap-2 p-4">
              {config.siteKeywords.map((keyword) => (
                <li key={keyword} className="rounded-full bg-hover px-3 py-1 text-xs text-muted">
                  {keyword}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </aside>
    </div>
  );
}
