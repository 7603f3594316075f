import { describe, it, expect } from 'vitest';
import { ProblemDetailsSchema, summariseFieldErrors, toFieldErrors } from './problem.ts';
import { LeadFormSchema } from './lead.ts';
import { issuesOf } from '../test/schema-issues.ts';

describe('toFieldErrors', () => {
  it('turns zod issues into field errors with the SPEC messages', () => {
    const result = LeadFormSchema.safeParse({ fullName: '', consent: false });
    expect(result.success).toBe(false);
    const errors = toFieldErrors(result.error!.issues);
    expect(errors).toContainEqual({ field: 'fullName', message: 'Full name is required' });
    expect(errors).toContainEqual({ field: 'consent', message: 'You must consent to be contacted' });
  });

  it('joins nested paths with dots and leaves body-level errors unnamed', () => {
    expect(
      toFieldErrors([
        { path: ['leads', 0, 'email'], message: 'bad' },
        { path: [], message: 'Body must be an object' },
      ]),
    ).toEqual([
      { field: 'leads.0.email', message: 'bad' },
      { field: '', message: 'Body must be an object' },
    ]);
  });
});

describe('summariseFieldErrors', () => {
  it('lists every field and its reason', () => {
    expect(
      summariseFieldErrors([
        { field: 'email', message: 'Valid email is required' },
        { field: '', message: 'Body must be an object' },
      ]),
    ).toBe('email: Valid email is required; Body must be an object');
  });
});

describe('ProblemDetailsSchema', () => {
  it('parses a validation problem', () => {
    expect(
      issuesOf(ProblemDetailsSchema, {
        type: 'https://acreswholesale.ng/problems/validation',
        title: 'Validation failed',
        status: 400,
        detail: 'email: Valid email is required',
        errors: [{ field: 'email', message: 'Valid email is required' }],
      }),
    ).toEqual([]);
  });

  it('rejects a status outside HTTP range', () => {
    expect(issuesOf(ProblemDetailsSchema, { type: 'about:blank', title: 'x', status: 42, detail: '' })).toHaveLength(1);
  });
});
