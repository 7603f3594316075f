import { LeadSchema } from '@acres/contracts/lead';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRowCodec, toColumnName } from './row-codec.ts';

describe('the row codec of a contract', () => {
  const codec = createRowCodec(
    z.object({
      id: z.uuid(),
      phoneE164: z.string(),
      intendedAcres: z.number().int(),
      amount: z.number().int(),
      rate: z.number(),
      consent: z.boolean(),
      notes: z.string().nullable(),
      createdAt: z.iso.datetime(),
      dateOfBirth: z.iso.date(),
    }),
    { amount: 'bigint' },
  );

  it('names each column after its field in snake_case, typed from the schema', () => {
    expect(toColumnName('phoneE164')).toBe('phone_e164');
    expect(codec.columns).toEqual({
      id: 'uuid',
      phone_e164: 'text',
      intended_acres: 'integer',
      amount: 'bigint',
      rate: 'numeric',
      consent: 'boolean',
      notes: 'text',
      created_at: 'timestamptz',
      date_of_birth: 'date',
    });
  });

  it('writes only the contract fields and reads a timestamp back as ISO text', () => {
    const value = {
      id: '6c0b1c4e-9a53-4b36-9d57-0c3c7e3f3f3a',
      phoneE164: '+2348031234567',
      intendedAcres: 12,
      amount: 3_500_000,
      rate: 0.5,
      consent: true,
      notes: null,
      createdAt: '2026-01-02T03:04:05.678Z',
      dateOfBirth: '1990-05-06',
    };
    const row = codec.toRow({ ...value, extra: 'ignored' } as typeof value);
    expect(row).toEqual({
      id: value.id,
      phone_e164: value.phoneE164,
      intended_acres: 12,
      amount: 3_500_000,
      rate: 0.5,
      consent: true,
      notes: null,
      created_at: value.createdAt,
      date_of_birth: value.dateOfBirth,
    });
    expect(codec.fromRow({ ...row, created_at: new Date(value.createdAt) })).toEqual(value);
  });

  it('covers every field of the Lead', () => {
    expect(Object.keys(createRowCodec(LeadSchema).columns)).toHaveLength(Object.keys(LeadSchema.shape).length);
  });
});
