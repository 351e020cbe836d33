import { Link } from 'react-router';
import type { Route } from './+types/about';
import { Card } from '~/components/Card';
import { useSiteConfig } from '~/features/users/session-hooks';
import { pageMeta } from '~/lib/meta';
import { AboutTexts } from '~/texts/about';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, AboutTexts.title);

export default function About() {
  const { siteTitle, siteDescription } = useSiteConfig();
  return (
    <div className="mx-auto max-w-[1200px] px-2 py-3 md:px-4 md:py-4">
      <Card title={AboutTexts.title}>
        <div className="space-y-6 px-5 py-5 text-[15px] leading-7 text-body">
          <section>
            <h3 className="mb-1 font-semibold">{AboutTexts.intro}</h3>
            <p className="text-muted">{siteDescription}</p>
          </section>
          <section>
            <h3 className="mb-1 font-semibold">{AboutTexts.whatToDo}</h3>
            <ul className="list-disc pl-5 text-muted">
              {AboutTexts.activities.map((activity) => (
                <li key={activity}>{activity}</li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="mb-1 font-semibold">{AboutTexts.contact}</h3>
            <p className="text-muted">
              {AboutTexts.contactBefore(siteTitle)}
              <Link to="/topic/create" className="mx-1 text-link hover:underline">
                {AboutTexts.contactLink}
              </Link>
              {AboutTexts.contactAfter}
            </p>
          </section>
        </div>
      </Card>
    </div>
  );
}
