/** Projects for our web app; the same core services as /api/project/... and its admin. */
import {
  ProjectDraftSchema,
  ProjectIdInputSchema,
  ProjectListInputSchema,
  ProjectUpdateInputSchema,
  type ProjectPage,
} from '@forum/contracts';
import {
  createProject,
  getProject,
  listProjects,
  presentProjectDetail,
  presentProjects,
  updateProject,
} from '@forum/core';
import { adminProcedure, publicProcedure, router } from '../init';

// create and update never logged the client's address; kept so the operation log reads as before.
export const projectsRouter = router({
  list: publicProcedure.input(ProjectListInputSchema).query(async ({ input }): Promise<ProjectPage> => {
    const { page, results } = await listProjects({ page: input.page });
    return { ...page, results: await presentProjects(results) };
  }),
  byId: publicProcedure
    .input(ProjectIdInputSchema)
    .query(async ({ input }) => presentProjectDetail(await getProject(input.id))),
  create: adminProcedure
    .input(ProjectDraftSchema)
    .mutation(async ({ ctx, input }) => presentProjectDetail(await createProject(ctx.request, input))),
  update: adminProcedure.input(ProjectUpdateInputSchema).mutation(async ({ ctx, input }) => {
    return presentProjectDetail(await updateProject(ctx.request, input));
  }),
});
