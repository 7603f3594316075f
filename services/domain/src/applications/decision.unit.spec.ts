import { describe, expect, it } from 'vitest';
import { APPLICATION_DECISION_MESSAGES, parseEvent } from '@acres/contracts';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { givenFor } from '../../test/given.ts';
import {
  APPLICATION_NOT_FOUND_MESSAGE,
  applicationDecider,
  evolveApplication,
  initialApplicationState,
  type ApplicationSubmitted,
  type ApproveApplication,
  type RejectApplication,
} from './index.ts';

const given = givenFor(applicationDecider);
const now = new Date('2026-04-02T11:00:00.000Z');
const submitted: ApplicationSubmitted = { type: 'ApplicationSubmitted', data: SAMPLE_EVENT_DATA.ApplicationSubmitted };
const { applicationId, applicationNumber } = submitted.data;

const approve = (decision: Partial<ApproveApplication['decision']> = {}): ApproveApplication => ({
  type: 'ApproveApplication',
  applicationId,
  decision: { amountVerified: 87_500_000, escrowReceiptNumber: 'ESC-0042', notes: 'Statement of 1 April', ...decision },
  decidedBy: 'ops-admin',
  now,
});

const reject = (decision: Partial<RejectApplication['decision']> = {}): RejectApplication => ({
  type: 'RejectApplication',
  applicationId,
  decision: { amountVerified: null, escrowReceiptNumber: null, notes: 'No transfer arrived in 30 days', ...decision },
  decidedBy: 'ops-admin',
  now,
});

const approved = {
  type: 'ApplicationApproved' as const,
  data: {
    applicationId,
    applicationNumber,
    amountVerified: 87_500_000,
    escrowReceiptNumber: 'ESC-0042',
    notes: 'Statement of 1 April',
    decidedBy: 'ops-admin',
    decidedAt: '2026-04-02T11:00:00.000Z',
  },
};

const rejected = {
  type: 'ApplicationRejected' as const,
  data: {
    applicationId,
    applicationNumber,
    amountVerified: null,
    escrowReceiptNumber: null,
    notes: 'No transfer arrived in 30 days',
    decidedBy: 'ops-admin',
    decidedAt: '2026-04-02T11:00:00.000Z',
  },
};

describe('a pending application', () => {
  it('is approved with the amount verified and the escrow receipt number', () => {
    given([submitted]).when(approve()).then([approved]);
  });

  it('is rejected with the reason', () => {
    given([submitted]).when(reject()).then([rejected]);
  });

  it('keeps what a rejection records of a partial transfer', () => {
    given([submitted])
      .when(reject({ amountVerified: 3_500_000, escrowReceiptNumber: 'ESC-7' }))
      .then([{ ...rejected, data: { ...rejected.data, amountVerified: 3_500_000, escrowReceiptNumber: 'ESC-7' } }]);
  });

  it('writes events the catalogue accepts', () => {
    const state = evolveApplication(initialApplicationState, submitted);
    for (const command of [approve(), reject()]) {
      const [event] = applicationDecider.decide(command, state);
      expect(() => parseEvent(event!.type, event!.data)).not.toThrow();
    }
  });

  it.each([
    [{ amountVerified: 0 }, 'amountVerified', APPLICATION_DECISION_MESSAGES.amountVerified],
    [{ amountVerified: 1.5 }, 'amountVerified', APPLICATION_DECISION_MESSAGES.amountVerified],
    [{ escrowReceiptNumber: '' }, 'escrowReceiptNumber', APPLICATION_DECISION_MESSAGES.receiptRequired],
    [{ escrowReceiptNumber: '<script>' }, 'escrowReceiptNumber', APPLICATION_DECISION_MESSAGES.receiptFormat],
  ])('refuses an approval with %j, naming the field', (decision, field, message) => {
    given([submitted])
      .when(approve(decision))
      .thenThrows({ code: 'validation_failed', errors: [{ field, message }] });
  });

  it('refuses a rejection without a reason', () => {
    given([submitted])
      .when(reject({ notes: '  ' }))
      .thenThrows({
        code: 'validation_failed',
        errors: [{ field: 'notes', message: APPLICATION_DECISION_MESSAGES.rejectNotes }],
      });
  });
});

describe('a decided application', () => {
  it.each([
    ['approved', [submitted, approved]],
    ['rejected', [submitted, rejected]],
  ] as const)('refuses a second decision once %s', (decision, history) => {
    const message = `This application has already been ${decision}; a decision cannot be changed`;
    given([...history])
      .when(approve())
      .thenThrows({ code: 'already_decided', message });
    given([...history])
      .when(reject())
      .thenThrows({ code: 'already_decided', message });
  });
});

describe('an application that does not exist', () => {
  it('is not found in an empty stream', () => {
    given([]).when(approve()).thenThrows({ code: 'not_found', message: APPLICATION_NOT_FOUND_MESSAGE });
  });

  it('is not found when the stream holds another application', () => {
    given([submitted])
      .when({ ...reject(), applicationId: '00000000-0000-4000-8000-000000000001' })
      .thenThrows({ code: 'not_found', message: APPLICATION_NOT_FOUND_MESSAGE });
  });
});
