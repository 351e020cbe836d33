/** 用户: the people list, one user, their edit and score log (muting is `moderation.mute`). */
import {
  AdminIdSchema,
  AdminScoreLogInputSchema,
  AdminUserFilterSchema,
  AdminUserUpdateSchema,
} from '@forum/contracts';
import {
  adminScoreLogs,
  getAdminUser,
  listAdminUsers,
  presentAdminUser,
  updateUserByAdmin,
} from '@forum/core';
import { adminProcedure, requestMetaOf, router } from '../../init';

export const adminUsersRouter = router({
  list: adminProcedure.input(AdminUserFilterSchema).query(async ({ input }) => {
    const { page, results, windowed } = await listAdminUsers(input);
    return { page, windowed, results: results.map((user) => presentAdminUser(user)) };
  }),
  get: adminProcedure
    .input(AdminIdSchema)
    .query(async ({ input }) => presentAdminUser(await getAdminUser(input.id))),
  update: adminProcedure
    .input(AdminUserUpdateSchema)
    .mutation(async ({ ctx, input }) =>
      presentAdminUser(await updateUserByAdmin(ctx.user, input, requestMetaOf(ctx))),
    ),
  scoreLogs: adminProcedure
    .input(AdminScoreLogInputSchema)
    .query(({ input }) => adminScoreLogs(input.userId, input.page)),
});
