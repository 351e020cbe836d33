import type { z } from 'zod';
import { AppError } from './errors';

/** Parses an input with its contract schema; the first issue's text is the message users see. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError('INVALID_INPUT', parsed.error.issues[0]?.message, { cause: parsed.error });
}
