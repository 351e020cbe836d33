import {
  TagAutocompleteInputSchema,
  TagIdInputSchema,
  TagListInputSchema,
  type TagPage,
} from '@forum/contracts';
import { autocompleteTags, getTag, listTags, presentTag } from '@forum/core';
import { publicProcedure, router } from '../init';

export const tagsRouter = router({
  list: publicProcedure.input(TagListInputSchema).query(async ({ input }): Promise<TagPage> => {
    const { page, results } = await listTags(input.page);
    return { ...page, results: results.map(presentTag) };
  }),
  /** One tag (a tag's list page is named by it); NOT_FOUND "标签不存在" when there is none. */
  byId: publicProcedure
    .input(TagIdInputSchema)
    .query(async ({ input }) => presentTag(await getTag(input.id))),
  autocomplete: publicProcedure
    .input(TagAutocompleteInputSchema)
    .query(async ({ input }) => (await autocompleteTags(input.input)).map(presentTag)),
});
