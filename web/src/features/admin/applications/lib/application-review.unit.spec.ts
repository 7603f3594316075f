import { APPLICATION_DECISION_MESSAGES } from '@acres/contracts';
import { describe, expect, it } from 'vitest';
import { buildDecision, ReviewInvalidError } from './application-review';

const fields = { amountVerified: 87_500_000, escrowReceiptNumber: ' ESC-1 ' };

describe('buildDecision', () => {
  it('approves with the amount, the trimmed receipt and the notes', () => {
    expect(buildDecision('approved', fields, 'ok')).toEqual({
      status: 'approved',
      body: { amountVerified: 87_500_000, escrowReceiptNumber: 'ESC-1', notes: 'ok' },
    });
  });

  it('refuses an approval without the receipt or with no amount, naming the fields', () => {
    try {
      buildDecision('approved', { amountVerified: 0, escrowReceiptNumber: '' }, '');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ReviewInvalidError);
      expect((error as ReviewInvalidError).problems).toEqual([
        { field: 'amountVerified', message: APPLICATION_DECISION_MESSAGES.amountVerified },
        { field: 'escrowReceiptNumber', message: APPLICATION_DECISION_MESSAGES.receiptRequired },
      ]);
    }
  });

  it('rejects with notes, dropping an amount of 0 and a blank receipt', () => {
    expect(buildDecision('rejected', { amountVerified: 0, escrowReceiptNumber: '' }, 'No transfer')).toEqual({
      status: 'rejected',
      body: { amountVerified: null, escrowReceiptNumber: null, notes: 'No transfer' },
    });
    expect(() => buildDecision('rejected', fields, '')).toThrow(APPLICATION_DECISION_MESSAGES.rejectNotes);
  });
});
