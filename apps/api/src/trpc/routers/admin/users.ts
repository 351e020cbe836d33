/** 用户: the people list, one user, their edit and score log (muting is `mute.set`). */
import {
  AdminIdSchema,
  AdminScoreLogInputSchema,
  AdminUserCreateSchema,
  AdminUserFilterSchema,
  AdminUserUpdateSchema,
} from '@forum/contracts';
import {
  createUserByAdmin,
  getUserForAdmin,
  listScoreLogsForAdmin,
  listUsersForAdmin,
  presentAdminUser,
  presentReadableScoreLog,
  updateUserByAdmin,
} from '@forum/core';
import { adminProcedure, ownerProcedure, router } from '../../init';

export const adminUsersRouter = router({
  list: adminProcedure.input(AdminUserFilterSchema).query(async ({ ctx, input }) => {
    const { page, results, windowed } = await listUsersForAdmin(ctx.request, input);
    return { page, windowed, results: results.map((user) => presentAdminUser(user)) };
  }),
  get: adminProcedure
    .input(AdminIdSchema)
    .query(async ({ ctx, input }) => presentAdminUser(await getUserForAdmin(ctx.request, input.id))),
  /** The owner's new account, with sign-up's checks. */
  create: ownerProcedure
    .input(AdminUserCreateSchema)
    .mutation(async ({ ctx, input }) => presentAdminUser(await createUserByAdmin(ctx.request, input))),
  /** Roles, username and password are the owner's to change (checked in core). */
  update: adminProcedure
    .input(AdminUserUpdateSchema)
    .mutation(async ({ ctx, input }) => presentAdminUser(await updateUserByAdmin(ctx.request, input))),
  scoreLogs: adminProcedure.input(AdminScoreLogInputSchema).query(async ({ ctx, input }) => {
    const { page, results } = await listScoreLogsForAdmin(ctx.request, input);
    return { page, results: results.map(presentReadableScoreLog) };
  }),
});
