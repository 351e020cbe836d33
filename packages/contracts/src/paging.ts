import { z } from 'zod';

/** A cursor page as every list of the site returns it. */
export interface CursorPage<T> {
  results: T[];
  cursor: string;
  hasMore: boolean;
}

/** A cursor arrives as the string a page returned (absent for the first page) and is read as a number once, here. */
export const CursorInputSchema = z.object({
  cursor: z
    .string()
    .regex(/^-?\d{1,20}$/)
    .optional()
    .transform((cursor) => Number(cursor ?? 0)),
});
