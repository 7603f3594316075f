import { describe, expect, it } from 'vitest';
import { ProjectionNameSchema, SkipPoisonEventFormSchema } from './projection-operations.ts';

const fieldsOf = (value: unknown) => {
  const result = SkipPoisonEventFormSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('SkipPoisonEventFormSchema', () => {
  it('takes a position and a reason, trimmed', () => {
    expect(SkipPoisonEventFormSchema.parse({ position: ' 42 ', reason: '  typed as text ' })).toEqual({
      position: '42',
      reason: 'typed as text',
    });
  });

  it('refuses a blank reason, naming it', () => {
    expect(fieldsOf({ position: '42', reason: '   ' })).toEqual(['reason']);
  });

  it('refuses a position that is not a 64-bit global position, naming it', () => {
    for (const position of ['0', '-1', '1.5', 'x', '9223372036854775808', '99999999999999999999'])
      expect(fieldsOf({ position, reason: 'r' }), position).toEqual(['position']);
    expect(fieldsOf({ position: '9223372036854775807', reason: 'r' })).toEqual([]);
  });
});

describe('ProjectionNameSchema', () => {
  it('takes a projection or a rebuild checkpoint of one, nothing else', () => {
    for (const name of ['leads', 'admin-counters', 'leads@r2'])
      expect(ProjectionNameSchema.safeParse(name).success, name).toBe(true);
    for (const name of ['Leads', '1leads', 'leads@r0', 'leads@', 'a/b', '', 'x'.repeat(60)])
      expect(ProjectionNameSchema.safeParse(name).success, name).toBe(false);
  });
});
