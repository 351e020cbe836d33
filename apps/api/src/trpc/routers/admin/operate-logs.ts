/** 操作日志: every admin action and every mute and delete, with the operator's name. */
import { OperateLogFilterSchema } from '@forum/contracts';
import { listOperateLogsForAdmin, presentOperateLog, usersByIds } from '@forum/core';
import { adminProcedure, router } from '../../init';

export const adminOperateLogsRouter = router({
  list: adminProcedure.input(OperateLogFilterSchema).query(async ({ ctx, input }) => {
    const { page, results } = await listOperateLogsForAdmin(ctx.request, input);
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
