import type { Route } from './+types/user.favorites';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { pageMeta } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '我的收藏');

export default function UserFavorites() {
  return (
    <Card title="我的收藏">
      <EmptyState icon={<InboxIcon size={40} />} text="暂无收藏" />
    </Card>
  );
}
