import { listNodes, presentNode } from '@forum/core';
import { publicProcedure, router } from '../init';

export const nodesRouter = router({
  list: publicProcedure.query(async () => (await listNodes()).map(presentNode)),
});
