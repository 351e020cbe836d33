import type { Route } from './+types/user.messages';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { pageMeta } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '消息');

export default function UserMessages() {
  return (
    <Card title="消息">
      <EmptyState icon={<InboxIcon size={40} />} text="暂无消息" />
    </Card>
  );
}
