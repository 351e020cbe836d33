import type { Route } from './+types/user.scores';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { pageMeta } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '积分记录');

export default function UserScores() {
  return (
    <Card title="积分记录">
      <EmptyState icon={<InboxIcon size={40} />} text="暂无积分记录" />
    </Card>
  );
}
