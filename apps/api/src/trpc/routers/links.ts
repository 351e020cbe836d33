/** Friend links for our web app; the same core services as /api/link/... and its admin. */
import {
  LinkDraftSchema,
  LinkIdInputSchema,
  LinkListInputSchema,
  LinkUpdateInputSchema,
  type LinkPage,
} from '@forum/contracts';
import { createLink, getLink, listLinks, listTopLinks, presentLink, updateLink } from '@forum/core';
import { adminProcedure, publicProcedure, router } from '../init';

// create and update never logged the client's address; kept so the operation log reads as before.
export const linksRouter = router({
  list: publicProcedure.input(LinkListInputSchema).query(async ({ input }): Promise<LinkPage> => {
    const { page, results } = await listLinks(input.page);
    return { ...page, results: results.map(presentLink) };
  }),
  top: publicProcedure.query(async () => (await listTopLinks()).map(presentLink)),
  byId: publicProcedure
    .input(LinkIdInputSchema)
    .query(async ({ input }) => presentLink(await getLink(input.id))),
  create: adminProcedure
    .input(LinkDraftSchema)
    .mutation(async ({ ctx, input }) => presentLink(await createLink(ctx.request, input))),
  update: adminProcedure
    .input(LinkUpdateInputSchema)
    .mutation(async ({ ctx, input }) => presentLink(await updateLink(ctx.request, input))),
});
