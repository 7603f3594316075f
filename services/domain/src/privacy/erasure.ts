// Erasure (issue 14 item 2): a record is erased once. The keys are destroyed by the caller
// before the event is appended (destroying is idempotent), so a refused second erasure
// leaves nothing half done.

import type { DomainEventOf } from '@acres/contracts';
import type { ErasableKind } from '@acres/contracts/personal-data';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';

export const ERASURE_DOMAIN_MESSAGES = {
  alreadyErased: 'This record has already been erased',
  nobody: 'Nothing to erase: no data subject was found for this record',
} as const;

export type EraseSubject = {
  type: 'EraseSubject';
  erasureId: string;
  requested: { kind: ErasableKind; id: string };
  subjects: readonly string[];
  reason: string;
  erasedBy: string;
  now: Date;
};
export type ErasureCommand = EraseSubject;
export type ErasureEvent = DomainEventOf<'SubjectErased'>;
export type ErasureState = { erased: boolean };

export const initialErasureState: ErasureState = { erased: false };

export const evolveErasure = (_state: ErasureState, event: ErasureEvent): ErasureState => {
  switch (event.type) {
    case 'SubjectErased':
      return { erased: true };
    default:
      return assertNever(event.type, 'erasure event');
  }
};

const eraseSubject = (command: ErasureCommand, state: ErasureState): ErasureEvent[] => {
  if (state.erased) throw new DomainError('conflict', ERASURE_DOMAIN_MESSAGES.alreadyErased);
  if (command.subjects.length === 0) throw new DomainError('not_found', ERASURE_DOMAIN_MESSAGES.nobody);
  return [
    {
      type: 'SubjectErased',
      data: {
        erasureId: command.erasureId,
        requested: command.requested,
        subjects: [...command.subjects],
        reason: command.reason,
        erasedBy: command.erasedBy,
        erasedAt: command.now.toISOString(),
      },
    },
  ];
};

export const erasureDecider = createDecider<ErasureCommand, ErasureEvent, ErasureState>(initialErasureState, evolveErasure, {
  EraseSubject: eraseSubject,
});

export const decideErasure = erasureDecider.decide;
