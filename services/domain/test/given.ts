import { expect } from 'vitest';
import { DomainError, type ErrorCode, type FieldError } from '@acres/contracts/errors';
import { foldEvents, type Decider } from '../src/decider.ts';

export type ExpectedFailure = ErrorCode | { code?: ErrorCode; message?: string | RegExp; errors?: FieldError[] };

const captureFailure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the command to be refused, but decide returned events');
};

/**
 * given(events).when(command).then(expectedEvents) / .thenThrows(failure), bound to
 * one decider: `const given = givenFor(leadDecider)`.
 */
export const givenFor =
  <Command, Event, State>(decider: Decider<Command, Event, State>) =>
  (history: readonly Event[] = []) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, foldEvents(decider, history));
      return {
        then: (expected: Event[]) => {
          expect(run()).toEqual(expected);
        },
        thenThrows: (expected: ExpectedFailure) => {
          const error = captureFailure(run);
          if (!(error instanceof DomainError)) throw error;
          const want = typeof expected === 'string' ? { code: expected } : expected;
          if (want.code !== undefined) expect(error.code).toBe(want.code);
          if (typeof want.message === 'string') expect(error.message).toBe(want.message);
          if (want.message instanceof RegExp) expect(error.message).toMatch(want.message);
          if (want.errors !== undefined) expect(error.errors).toEqual(want.errors);
          return error;
        },
      };
    },
  });
