/** `/api/admin/operate-log/...` and `/api/admin/common/systeminfo` (docs/legacy-api.md §2.2). */
import { Texts } from '@forum/contracts';
import os from 'node:os';
import type { Router } from 'express';
import { AppError, OperateLog, listOperateLogs, presentOperateLog, type OperateLogRow } from '@forum/core';
import { idOf, numericId } from '../form';
import { idFilter, intFilter, numberedPage, pageOf, textFilter } from './forms';
import { handleAdmin } from './guard';

export function adminLogRoutes(api: Router): void {
  api.all(
    '/admin/operate-log/list',
    handleAdmin(async (req) => {
      const { page, results } = await listOperateLogs({
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
    handleAdmin(async (req) => {
      const row = await OperateLog.findById(idOf(req)).lean<OperateLogRow>();
      if (!row) throw new AppError('INVALID_INPUT', Texts.admin.notFoundById(idOf(req)));
      return presentOperateLog(row);
    }),
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
