import { ApiError } from './api-client';

export type FieldProblem = { field: string; message: string };

export type Problem = {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: FieldProblem[];
};

function isFieldProblem(value: unknown): value is FieldProblem {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as FieldProblem).field === 'string' &&
    typeof (value as FieldProblem).message === 'string'
  );
}

/** Reads an application/problem+json body; null when the text is not one. */
export function parseProblem(bodyText: string): Problem | null {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const raw = body as Record<string, unknown>;
  const problem: Problem = {};
  if (typeof raw.type === 'string') problem.type = raw.type;
  if (typeof raw.title === 'string') problem.title = raw.title;
  if (typeof raw.status === 'number') problem.status = raw.status;
  if (typeof raw.detail === 'string') problem.detail = raw.detail;
  else if (typeof raw.message === 'string') problem.detail = raw.message;
  if (Array.isArray(raw.errors)) problem.errors = raw.errors.filter(isFieldProblem);
  if (!problem.title && !problem.detail && !problem.errors?.length) return null;
  return problem;
}

/** The problem behind an error thrown by api-client, if the server sent one. */
export function problemFromError(error: unknown): Problem | null {
  if (error instanceof ApiError) return parseProblem(error.bodyText);
  return null;
}

/** Field errors the server named (400 answers), for `form.setError`. */
export function fieldErrorsFromError(error: unknown): FieldProblem[] {
  return problemFromError(error)?.errors ?? [];
}

/**
 * A sentence a person can read: the problem's detail (or title) followed by the field
 * errors; for other errors the plain message. Empty when there is nothing useful.
 */
export function describeError(error: unknown): string {
  const problem = problemFromError(error);
  if (problem) {
    const head = problem.detail || problem.title || '';
    const fields = (problem.errors ?? []).map((e) => `${e.field}: ${e.message}`);
    const tail = fields.filter((f) => !head.includes(f)).join('; ');
    return [head, tail].filter(Boolean).join(' — ');
  }
  if (error instanceof ApiError) {
    // An HTML error page (a proxy, a crash page) is no help to a person.
    const body = error.bodyText.trim();
    if (body.startsWith('<') || body.length > 300) return `${error.status}: ${error.statusText}`;
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return '';
}

/** What a form says above its button when a request failed: the network, or the server's words. */
export function describeFailure(error: unknown): string {
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return describeError(error) || 'Something went wrong. Please try again.';
}
