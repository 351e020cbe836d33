import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { router } from './init';
import { authRouter } from './routers/auth';
import { configRouter } from './routers/config';
import { oauthRouter } from './routers/oauth';
import { emailRouter } from './routers/email';
import { followsRouter } from './routers/follows';
import { moderationRouter } from './routers/moderation';
import { profileRouter } from './routers/profile';
import { userRouter } from './routers/user';

export const appRouter = router({
  auth: authRouter,
  config: configRouter,
  oauth: oauthRouter,
  email: emailRouter,
  follows: followsRouter,
  moderation: moderationRouter,
  profile: profileRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
