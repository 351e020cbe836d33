import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OperateLogFilter } from '@forum/contracts';
import { Card } from '~/components/Card';
import { AdminResults, FilterBar, useListQuery } from '~/features/admin/kit';
import { idValue } from '~/features/admin/filters';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { AdminTexts } from '~/texts/admin';

type Filters = Omit<OperateLogFilter, 'page' | 'limit'>;
type OpType = NonNullable<OperateLogFilter['opType']>;

const texts = AdminTexts.operateLogs;
const common = AdminTexts.common;

const opTypes: Record<OpType, string> = texts.opTypes;
const dataTypes: Record<string, string> = texts.dataTypes;

/** 操作日志: who did what to what, when, from where; filterable by operator, action and target. */
export default function AdminOperateLogs() {
  const trpc = useTRPC();
  const { query, search, goTo } = useListQuery<Filters>({});
  const { data } = useQuery({
    ...trpc.adminOperateLogs.list.queryOptions(query),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={texts.title}>
      <FilterBar
        fields={[
          { name: 'userId', label: texts.operatorId, numeric: true },
          {
            name: 'opType',
            label: texts.opType,
            options: Object.entries(opTypes).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'dataType',
            label: texts.dataType,
            options: Object.entries(dataTypes).map(([value, label]) => ({ value, label })),
          },
          { name: 'dataId', label: texts.dataId, numeric: true },
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
      <AdminResults data={data} empty={texts.empty} onPage={goTo}>
        {(rows) => (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-sm" data-testid="operate-logs">
              <thead className="text-left text-xs text-muted">
                <tr>
                  <th className="px-4 py-2 font-normal">{common.id}</th>
                  <th className="px-2 py-2 font-normal">{texts.operator}</th>
                  <th className="px-2 py-2 font-normal">{texts.opType}</th>
                  <th className="px-2 py-2 font-normal">{texts.target}</th>
                  <th className="px-2 py-2 font-normal">{common.description}</th>
                  <th className="px-2 py-2 font-normal">{texts.ip}</th>
                  <th className="px-4 py-2 font-normal">{common.time}</th>
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
