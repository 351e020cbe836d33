import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OperateLogFilter } from '@forum/contracts';
import { Card } from '~/components/Card';
import { AdminResults, FilterBar, useListQuery } from '~/features/admin/kit';
import { idValue } from '~/features/admin/filters';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';

type Filters = Omit<OperateLogFilter, 'page' | 'limit'>;
type OpType = NonNullable<OperateLogFilter['opType']>;

const opTypes: Record<OpType, string> = {
  create: '添加',
  update: '修改',
  delete: '删除',
  forbidden: '禁言',
  removeForbidden: '取消禁言',
};
const dataTypes: Record<string, string> = {
  user: '用户',
  topic: '话题',
  article: '文章',
  comment: '评论',
  sys_config: '系统设置',
  queue: '队列',
};

/** 操作日志: who did what to what, when, from where; filterable by operator, action and target. */
export default function AdminOperateLogs() {
  const trpc = useTRPC();
  const { query, search, goTo } = useListQuery<Filters>({});
  const { data } = useQuery({
    ...trpc.adminOperateLogs.list.queryOptions(query),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title="操作日志">
      <FilterBar
        fields={[
          { name: 'userId', label: '操作人编号', numeric: true },
          {
            name: 'opType',
            label: '操作',
            options: Object.entries(opTypes).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'dataType',
            label: '对象类型',
            options: Object.entries(dataTypes).map(([value, label]) => ({ value, label })),
          },
          { name: 'dataId', label: '对象编号', numeric: true },
        ]}
        onSearch={(values) =>
          search({
            userId: idValue(values.userId),
            opType: values.opType as OpType | undefined,
            dataType: values.dataType,
            dataId: idValue(values.dataId),
          })
        }
      />
      <AdminResults data={data} empty="暂无操作日志" onPage={goTo}>
        {(rows) => (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-sm" data-testid="operate-logs">
              <thead className="text-left text-xs text-muted">
                <tr>
                  <th className="px-4 py-2 font-normal">编号</th>
                  <th className="px-2 py-2 font-normal">操作人</th>
                  <th className="px-2 py-2 font-normal">操作</th>
                  <th className="px-2 py-2 font-normal">对象</th>
                  <th className="px-2 py-2 font-normal">描述</th>
                  <th className="px-2 py-2 font-normal">IP</th>
                  <th className="px-4 py-2 font-normal">时间</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-t border-line align-top">
                    <td className="px-4 py-2 text-faint">{row.id}</td>
                    <td className="px-2 py-2">
                      <a href={`/user/${row.userId}`} className="text-body hover:text-accent">
                        {row.nickname || row.userId}
                      </a>
                    </td>
                    <td className="px-2 py-2">{opTypes[row.opType] ?? row.opType}</td>
                    <td className="px-2 py-2">
                      {dataTypes[row.dataType] ?? row.dataType} {row.dataId || ''}
                    </td>
                    <td className="px-2 py-2 text-body">{row.description}</td>
                    <td className="px-2 py-2 text-faint" title={row.userAgent}>
                      {row.ip}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap text-faint">
                      {formatDateTime(row.createTime)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminResults>
    </Card>
  );
}
