// application/problem+json bodies (RFC 9457). A 400 lists every failing field.

import { z } from 'zod';

export const ProblemFieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ProblemFieldError = z.infer<typeof ProblemFieldErrorSchema>;

export const ProblemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int().min(100).max(599),
  detail: z.string(),
  instance: z.string().optional(),
  errors: z.array(ProblemFieldErrorSchema).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

type IssueLike = { path: readonly PropertyKey[]; message: string };

/** zod issues → field errors: 'kinEmail', 'leads.0.email'; '' for the body itself. */
export function toFieldErrors(issues: readonly IssueLike[]): ProblemFieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map((part) => String(part)).join('.'),
    message: issue.message,
  }));
}

/** "fullName: Full name is required; email: Valid email is required" */
export function summariseFieldErrors(errors: readonly ProblemFieldError[]): string {
  return errors.map((error) => (error.field ? `${error.field}: ${error.message}` : error.message)).join('; ');
}
