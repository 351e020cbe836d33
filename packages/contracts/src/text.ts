import { z } from 'zod';

/**
 * Trimmed text without NUL characters (FerretDB cannot store them), at most `max` characters
 * (code points); `tooLong` is the message for longer input.
 */
export const boundedText = (max: number, tooLong: string) =>
  z
    .string()
    .max(max * 4, tooLong)
    .transform((value) => value.replace(/\0/g, '').trim())
    .refine((value) => [...value].length <= max, tooLong);
