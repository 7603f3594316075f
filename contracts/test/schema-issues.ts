// Helpers for the contracts' own unit tests: the issues a schema reports, by field.

import type { z } from 'zod';

export type Issue = { path: string; message: string };

/** Every issue of a failed parse as {path, message}; [] when the input is valid. */
export function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Messages reported for one field. */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  return issuesOf(schema, input)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message);
}

/** The parsed output, failing loudly with the issues when the input is invalid. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(JSON.stringify(issuesOf(schema, input)));
  return result.data;
}
