import { z } from 'zod';

/** A cursor page as every list of the site returns it. */
export interface CursorPage<T> {
  results: T[];
  cursor: string;
  hasMore: boolean;
}

export const CursorInputSchema = z.object({
  cursor: z
    .string()
    .regex(/^-?\d{1,20}$/)
    .optional(),
});
