/** 项目: the console's project screen (owner and admins). */
import {
  AdminIdInputSchema,
  AdminProjectListInputSchema,
  AdminProjectUpdateInputSchema,
  ProjectDraftSchema,
} from '@forum/contracts';
import {
  createProject,
  getProjectForAdmin,
  listProjectsForAdmin,
  presentAdminProject,
  updateProject,
} from '@forum/core';
import { adminProcedure, router } from '../../init';
import { adminPageOf } from './meta';

export const adminProjectsRouter = router({
  list: adminProcedure
    .input(AdminProjectListInputSchema)
    .query(async ({ ctx, input }) =>
      adminPageOf(await listProjectsForAdmin(ctx.request, input), presentAdminProject),
    ),
  byId: adminProcedure
    .input(AdminIdInputSchema)
    .query(async ({ ctx, input }) => presentAdminProject(await getProjectForAdmin(ctx.request, input.id))),
  create: adminProcedure
    .input(ProjectDraftSchema)
    .mutation(async ({ ctx, input }) => presentAdminProject(await createProject(ctx.request, input))),
  update: adminProcedure.input(AdminProjectUpdateInputSchema).mutation(async ({ ctx, input }) => {
    return presentAdminProject(await updateProject(ctx.request, input));
  }),
});
