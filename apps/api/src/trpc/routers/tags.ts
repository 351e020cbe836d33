import { TagAutocompleteInputSchema, TagListInputSchema, type TagPage } from '@forum/contracts';
import { autocompleteTags, listTags, presentTag } from '@forum/core';
import { publicProcedure, router } from '../init';

export const tagsRouter = router({
  list: publicProcedure.input(TagListInputSchema).query(async ({ input }): Promise<TagPage> => {
    const { page, results } = await listTags(input.page);
    return { ...page, results: results.map(presentTag) };
  }),
  autocomplete: publicProcedure
    .input(TagAutocompleteInputSchema)
    .query(async ({ input }) => (await autocompleteTags(input.input)).map(presentTag)),
});
