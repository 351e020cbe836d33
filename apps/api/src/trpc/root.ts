import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { router } from './init';
import { configRouter } from './routers/config';
import { userRouter } from './routers/user';

export const appRouter = router({
  config: configRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
