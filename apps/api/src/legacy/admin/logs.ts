/** `/api/admin/operate-log/...` and `/api/admin/common/systeminfo` (docs/legacy-api.md §2.2). */
import os from 'node:os';
import type { Router } from 'express';
import { getOperateLogForAdmin, listOperateLogsForAdmin, presentOperateLog } from '@forum/core';
import { contextOf, idOf, numericId } from '../form';
import { idFilter, intFilter, numberedPage, pageOf, textFilter } from './forms';
import { handleAdmin } from './guard';

export function adminLogRoutes(api: Router): void {
  api.all(
    '/admin/operate-log/list',
    handleAdmin(async (req, admin) => {
      const { page, results } = await listOperateLogsForAdmin(contextOf(req, admin), {
        ...pageOf(req),
        userId: idFilter(req, 'userId'),
        opType: textFilter(req, 'opType'),
        dataType: textFilter(req, 'dataType'),
        dataId: intFilter(req, 'dataId'),
      });
      return numberedPage(page, results.map(presentOperateLog));
    }),
  );
  api.get(
    '/admin/operate-log/:id',
    numericId,
    handleAdmin(async (req, admin) =>
      presentOperateLog(await getOperateLogForAdmin(contextOf(req, admin), idOf(req))),
    ),
  );
  api.get(
    '/admin/common/systeminfo',
    handleAdmin(async () => ({
      os: os.platform(),
      arch: os.arch(),
      numCpu: os.cpus().length,
      goversion: process.version,
      hostname: os.hostname(),
    })),
  );
}
