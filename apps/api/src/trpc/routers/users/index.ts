/**
 * `users`: the people area over tRPC, one router mounted as `users`: signing in and out, the
 * signed-in user, their account settings and profile, and anyone's public profile.
 */
import { mergeRouters } from '../../init';
import { accountRouter } from './account';
import { currentUserRouter } from './current';
import { profileRouter } from './profile';

export const usersRouter = mergeRouters(accountRouter, currentUserRouter, profileRouter);
