/** 项目: the console's project screen (owner and admins). */
import {
  AdminIdInputSchema,
  AdminProjectListInputSchema,
  AdminProjectUpdateInputSchema,
  ProjectDraftSchema,
  type AdminProjectItem,
} from '@forum/contracts';
import {
  createProject,
  getProjectForAdmin,
  legacyProjectRow,
  listProjectsForAdmin,
  updateProject,
} from '@forum/core';
import { adminProcedure, router } from '../../init';
import { adminPageOf } from './meta';

const present = (project: Parameters<typeof legacyProjectRow>[0]): AdminProjectItem =>
  legacyProjectRow(project);

export const adminProjectsRouter = router({
  list: adminProcedure
    .input(AdminProjectListInputSchema)
    .query(async ({ ctx, input }) => adminPageOf(await listProjectsForAdmin(ctx.user, input), present)),
  byId: adminProcedure
    .input(AdminIdInputSchema)
    .query(async ({ ctx, input }) => present(await getProjectForAdmin(ctx.user, input.id))),
  create: adminProcedure
    .input(ProjectDraftSchema)
    .mutation(async ({ ctx, input }) => present(await createProject(ctx.request, input))),
  update: adminProcedure.input(AdminProjectUpdateInputSchema).mutation(async ({ ctx, input }) => {
    return present(await updateProject(ctx.request, input));
  }),
});
