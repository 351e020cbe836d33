import { SearchInputSchema } from '@forum/contracts';
import { search } from '@forum/core';
import { publicProcedure, router } from '../init';

export const searchRouter = router({
  /** Topics or articles matching a keyword, with highlights and the hits of both kinds. */
  query: publicProcedure.input(SearchInputSchema).query(({ input }) => search(input)),
});
