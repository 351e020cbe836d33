/** Search, `/api/search/...` (docs/legacy-api.md §1.12, §4.16). */
import type { Router } from 'express';
import { QueueName } from '@forum/contracts';
import { getQueue, reindexSearchJob } from '@forum/core';
import { sameSiteGet } from '../http/csrf';
import { formInt, formText } from './form';
import { requireAdmin } from './guards';
import { handle, handleShared } from './handler';
import { legacySearchTopics } from './presenters/search';

export function searchRoutes(api: Router): void {
  // bbs-go answered POST; a GET with the same fields is answered too (links, crawlers). Results
  // are the same for everyone, so a repeated search is answered from the shared answers.
  api.all(
    '/search/topic',
    handleShared(
      (req) => ({
        keyword: formText(req, 'keyword'),
        nodeId: Math.max(-1, formInt(req, 'nodeId', 0)),
        timeRange: Math.min(4, Math.max(0, formInt(req, 'timeRange', 0))),
        page: Math.min(1000, Math.max(1, formInt(req, 'page', 1))),
      }),
      legacySearchTopics,
    ),
  );
  // bbs-go let anyone start a reindex (docs/legacy-api.md Appendix A #3); only the owner and admins may.
  // Any method, as bbs-go; a GET with the cookie must come from our own pages.
  api.all(
    '/search/reindex',
    sameSiteGet,
    handle(async (req) => {
      await requireAdmin(req);
      await getQueue(QueueName.Maintenance).add(
        reindexSearchJob.name,
        {},
        { jobId: `reindex-search-${Date.now()}` },
      );
      return null;
    }),
  );
}
