/** Projects for our web app; the same core services as /api/project/... and its admin. */
import {
  ProjectDraftSchema,
  ProjectIdInputSchema,
  ProjectListInputSchema,
  ProjectUpdateInputSchema,
  type ProjectPage,
} from '@forum/contracts';
import {
  articleRenderOptions,
  createProject,
  getProject,
  listProjects,
  presentProject,
  presentProjectDetail,
  updateProject,
} from '@forum/core';
import { siteBaseUrl } from '../../legacy/topic';
import { adminProcedure, publicProcedure, router } from '../init';

const render = () => articleRenderOptions(siteBaseUrl());

export const projectsRouter = router({
  list: publicProcedure.input(ProjectListInputSchema).query(async ({ input }): Promise<ProjectPage> => {
    const { page, results } = await listProjects({ page: input.page });
    const options = await render();
    return { ...page, results: results.map((project) => presentProject(project, options)) };
  }),
  byId: publicProcedure
    .input(ProjectIdInputSchema)
    .query(async ({ input }) => presentProjectDetail(await getProject(input.id), await render())),
  create: adminProcedure
    .input(ProjectDraftSchema)
    .mutation(async ({ ctx, input }) =>
      presentProjectDetail(await createProject(ctx.user, input), await render()),
    ),
  update: adminProcedure.input(ProjectUpdateInputSchema).mutation(async ({ ctx, input }) => {
    const { id, ...draft } = input;
    return presentProjectDetail(await updateProject(ctx.user, id, draft), await render());
  }),
});
