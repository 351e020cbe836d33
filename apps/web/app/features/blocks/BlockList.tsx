import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '~/components/Avatar';
import { Card } from '~/components/Card';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { BlocksTexts } from '~/texts/blocks';
import { useSetBlocked } from './use-blocks';

/** 屏蔽列表 in the account settings: everyone the reader blocked, each with 取消屏蔽. */
export function BlockList() {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.blocks.list.queryOptions());
  const { set, pending } = useSetBlocked();
  return (
    <Card title={BlocksTexts.listTitle}>
      {data && data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">{BlocksTexts.listEmpty}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="block-list">
          {(data ?? []).map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 px-5 py-3 text-sm">
              <Avatar user={{ id: entry.id, nickname: entry.nickname, avatar: entry.avatar }} size={32} />
              <div className="min-w-0 flex-1">
                <Link to={`/user/${entry.id}`} className="truncate font-medium text-body hover:text-accent">
                  {entry.nickname}
                </Link>
                <p className="text-xs text-faint">{BlocksTexts.blockedAt(formatDateTime(entry.blockTime))}</p>
              </div>
              <button
                type="button"
                className="text-sm text-link hover:underline disabled:opacity-60"
                disabled={pending}
                onClick={() => void set(entry.id, false)}
              >
                {BlocksTexts.unblock}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
