/** 操作日志: every admin action and every mute and delete, with the operator's name. */
import { OperateLogFilterSchema } from '@forum/contracts';
import { listOperateLogs, readUsers } from '@forum/core';
import { adminProcedure, router } from '../../init';

export const adminOperateLogsRouter = router({
  list: adminProcedure.input(OperateLogFilterSchema).query(async ({ input }) => {
    const { page, results } = await listOperateLogs(input);
    const users = await readUsers(results.map((row) => row.userId));
    return {
      page,
      results: results.map((row) => ({
        id: row._id,
        userId: row.userId,
        nickname: users.get(row.userId)?.nickname ?? '',
        opType: row.opType,
        dataType: row.dataType,
        dataId: row.dataId,
        description: row.description ?? '',
        ip: row.ip ?? '',
        userAgent: row.userAgent ?? '',
        referer: row.referer ?? '',
        createTime: row.createTime,
      })),
    };
  }),
});
