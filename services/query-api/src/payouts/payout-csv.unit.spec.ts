import { describe, expect, it } from 'vitest';
import type { PayoutBatch } from '@acres/contracts/payout';
import { encodePayoutCsv, toOneLine } from './payout-csv.ts';
import type { PayoutTransferRow } from '@acres/read-models/payout-batches-queries';

describe('the payout bank file', () => {
  it('keeps a stored multi-line account name on its row, commas inside one quoted field', () => {
    const row = {
      affiliate_name: 'Ada\nObi',
      bank_name: 'Access Bank',
      account_number: '0123456789',
      account_name: 'Ada\r\n9999999999,Mallory\u2028x\u0085y\t',
      amount: 175_000,
      commissions: 1,
    } as unknown as PayoutTransferRow;
    const batch = { reference: 'ACRES-PO-20260630-7C7F6A' } as PayoutBatch;
    const lines = encodePayoutCsv(batch, [row]).split(/\r\n|\r|\n|\u2028|\u0085/);
    expect(lines).toEqual([
      '\uFEFFAffiliate Name,Bank Name,Account Number,Account Name,Amount (NGN),Reference,Commissions',
      'Ada Obi,Access Bank,0123456789,"Ada 9999999999,Mallory x y",175000,ACRES-PO-20260630-7C7F6A,1',
      '',
    ]);
  });

  it('leaves numbers and ordinary text as they are', () => {
    expect(toOneLine(12)).toBe(12);
    expect(toOneLine('Ọlá Adé')).toBe('Ọlá Adé');
  });
});
