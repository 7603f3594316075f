import { describe, it } from 'vitest';
import { givenFor } from '../../test/given.ts';
import { ERASURE_DOMAIN_MESSAGES, erasureDecider, type EraseSubject, type ErasureEvent } from './erasure.ts';

const given = givenFor(erasureDecider);
const now = new Date('2026-11-26T10:00:00.000Z');
const id = '0f8f5c1e-2d7c-4a53-9a51-2b0b7f5c9d10';
const erase: EraseSubject = {
  type: 'EraseSubject',
  erasureId: '5b0e8d2c-1f3a-4c6b-8e9d-7a6b5c4d3e2f',
  requested: { kind: 'lead', id },
  subjects: [`lead:${id}`, 'contact:0123456789abcdef0123456789abcdef'],
  reason: 'Data subject asked to be erased',
  erasedBy: 'admin',
  now,
};
const erased: ErasureEvent = {
  type: 'SubjectErased',
  data: {
    erasureId: erase.erasureId,
    requested: erase.requested,
    subjects: [...erase.subjects],
    reason: erase.reason,
    erasedBy: 'admin',
    erasedAt: now.toISOString(),
  },
};

describe('erasing a data subject', () => {
  it('records who erased which subjects, when and why', () => {
    given([]).when(erase).then([erased]);
  });

  it('refuses a second erasure of the same record as a conflict', () => {
    given([erased]).when(erase).thenThrows({ code: 'conflict', message: ERASURE_DOMAIN_MESSAGES.alreadyErased });
  });

  it('refuses an erasure that found nobody', () => {
    given([])
      .when({ ...erase, subjects: [] })
      .thenThrows({ code: 'not_found', message: ERASURE_DOMAIN_MESSAGES.nobody });
  });
});
