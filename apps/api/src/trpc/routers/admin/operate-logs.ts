/** 操作日志: every admin action and every mute and delete, with the operator's name. */
import { OperateLogFilterSchema } from '@forum/contracts';
import { listOperateLogs, presentOperateLog, usersByIds } from '@forum/core';
import { adminProcedure, router } from '../../init';

export const adminOperateLogsRouter = router({
  list: adminProcedure.input(OperateLogFilterSchema).query(async ({ input }) => {
    const { page, results } = await listOperateLogs(input);
    const users = await usersByIds(results.map((row) => row.userId));
    return {
      page,
      results: results.map((row) => ({
        ...presentOperateLog(row),
        nickname: users.get(row.userId)?.nickname ?? '',
      })),
    };
  }),
});
