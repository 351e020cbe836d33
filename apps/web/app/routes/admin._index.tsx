import { Card, EmptyState } from '~/components/Card';
import { useCurrentUser } from '~/features/session/hooks';

export default function AdminHome() {
  const user = useCurrentUser();
  return (
    <Card title="概览">
      <EmptyState text={`欢迎，${user?.nickname ?? ''}。管理功能正在建设中。`} />
    </Card>
  );
}
