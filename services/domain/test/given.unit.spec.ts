import { describe, expect, it } from 'vitest';
import { DomainError } from '@acres/contracts/errors';
import type { Decider } from '../src/decider.ts';
import { givenFor } from './given.ts';

type Counted = { type: 'Counted'; by: number };
type Count = { type: 'Count'; by: number };

// Refuses to count past 3, so both outcomes of the helper can be exercised.
const counter: Decider<Count, Counted, number> = {
  initialState: 0,
  evolve: (total, event) => total + event.by,
  decide: (command, total) => {
    if (total + command.by > 3) throw new DomainError('conflict', 'Too many', [{ field: 'by', message: 'Too many' }]);
    return [{ type: 'Counted', by: command.by }];
  },
};
const given = givenFor(counter);

describe('the given/when/then helper', () => {
  it('folds the history before deciding', () => {
    given([{ type: 'Counted', by: 2 }])
      .when({ type: 'Count', by: 1 })
      .then([{ type: 'Counted', by: 1 }]);
    given([{ type: 'Counted', by: 3 }])
      .when({ type: 'Count', by: 1 })
      .thenThrows('conflict');
  });

  it('fails when the events differ', () => {
    expect(() =>
      given([])
        .when({ type: 'Count', by: 1 })
        .then([{ type: 'Counted', by: 2 }]),
    ).toThrow();
  });

  it('fails when a refusal was expected but events came out', () => {
    expect(() => given([]).when({ type: 'Count', by: 1 }).thenThrows('conflict')).toThrow(/Expected the command to be refused/);
  });

  it('fails when the code, message or field errors differ', () => {
    const when = given([{ type: 'Counted', by: 3 }]).when({ type: 'Count', by: 1 });
    expect(() => when.thenThrows('validation_failed')).toThrow();
    expect(() => when.thenThrows({ message: 'Too few' })).toThrow();
    expect(() => when.thenThrows({ errors: [{ field: 'other', message: 'Too many' }] })).toThrow();
    expect(when.thenThrows({ code: 'conflict', message: /many/, errors: [{ field: 'by', message: 'Too many' }] })).toBeInstanceOf(
      DomainError,
    );
  });
});
