import { describe, it, expect } from 'vitest';
import {
  AffiliateStatsSchema,
  SALE_REPORT_DEFAULTS,
  SaleReportSchema,
  saleReportSchemaFor,
  SaleSchema,
  SaleStatusUpdateSchema,
  TransactionDateSchema,
} from './sale.ts';
import { issuesOf, messagesAt, parseOrThrow } from '../test/schema-issues.ts';
import { DEFAULT_BUSINESS_TERMS } from './business-terms.ts';
import { validSaleReport } from '../test/index.ts';

const report = validSaleReport({ acres: 2.5, amountPaid: 8_750_000, transactionDate: '2024-09-01' });

const at = (patch: Record<string, unknown>, path: string) => messagesAt(SaleReportSchema, { ...report, ...patch }, path);

describe('SaleReportSchema with a complete report', () => {
  it('accepts it', () => {
    expect(issuesOf(SaleReportSchema, report)).toEqual([]);
  });

  it('accepts the form defaults once a client is entered', () => {
    const today = new Date().toISOString().slice(0, 10);
    const filled = { ...SALE_REPORT_DEFAULTS, clientName: 'Ngozi Eze', clientPhone: '+2348091234567', transactionDate: today };
    expect(issuesOf(SaleReportSchema, filled)).toEqual([]);
  });
});

describe('SaleReportSchema field rules', () => {
  it('needs a client name of at least 2 characters', () => {
    expect(at({ clientName: 'N' }, 'clientName')).toEqual(['Client name must be at least 2 characters']);
    expect(at({ clientName: undefined }, 'clientName')).toEqual(['Client name must be at least 2 characters']);
  });

  it('uses the Nigerian phone pattern', () => {
    expect(at({ clientPhone: '0809123456' }, 'clientPhone')).toEqual(['Please enter a valid Nigerian phone number']);
    expect(at({ clientPhone: '+2348091234567' }, 'clientPhone')).toEqual([]);
  });

  it.each([
    [0.5, []],
    [0.4, ['Minimum 0.5 acres']],
    [0, ['Minimum 0.5 acres']],
    [0.75, ['Acres must be in steps of 0.5']],
    [1, []],
    [199.5, []],
    [200, []],
    [200.5, ['Maximum 200 acres']],
  ])('for %d acres the form under SPEC’s terms reports %j', (acres, expected) => {
    expect(messagesAt(saleReportSchemaFor(DEFAULT_BUSINESS_TERMS), { ...report, acres }, 'acres')).toEqual(expected);
  });

  it('bounds the acres by the project in force: the form by the owner’s terms, the request by the largest project a term allows', () => {
    const larger = saleReportSchemaFor({ ...DEFAULT_BUSINESS_TERMS, projectAcres: 300 });
    expect(messagesAt(larger, { ...report, acres: 250 }, 'acres')).toEqual([]);
    expect(messagesAt(larger, { ...report, acres: 300.5 }, 'acres')).toEqual(['Maximum 300 acres']);
    expect(at({ acres: 250 }, 'acres')).toEqual([]);
    expect(at({ acres: 100_000.5 }, 'acres')).toEqual(['Maximum 100,000 acres']);
  });

  it.each([
    [999, ['Amount must be at least ₦1,000']],
    [1000, []],
    [0, ['Amount must be at least ₦1,000']],
    [undefined, ['Amount must be at least ₦1,000']],
  ])('for an amount of %j reports %j', (amountPaid, expected) => {
    expect(at({ amountPaid }, 'amountPaid')).toEqual(expected);
  });

  it('rounds the amount to the naira', () => {
    expect(parseOrThrow(SaleReportSchema, { ...report, amountPaid: 1000.6 }).amountPaid).toBe(1001);
  });

  it('accepts only outright or installment', () => {
    expect(at({ paymentPlan: 'installments' }, 'paymentPlan')).toEqual(['Payment plan must be outright or installment']);
    expect(at({ paymentPlan: 'outright' }, 'paymentPlan')).toEqual([]);
  });
});

describe('TransactionDateSchema', () => {
  it('answers a calendar date for a date or a date-time', () => {
    expect(parseOrThrow(TransactionDateSchema, '2024-09-01')).toBe('2024-09-01');
    expect(parseOrThrow(TransactionDateSchema, '2024-09-01T12:00:00.000Z')).toBe('2024-09-01');
  });

  it("accepts today's date", () => {
    expect(issuesOf(TransactionDateSchema, new Date().toISOString().slice(0, 10))).toEqual([]);
  });

  it.each(['', 'yesterday', '2024-02-30', '01/09/2024', '0202-09-01', '2024-13-01T00:00:00Z'])(
    'rejects %j as not a valid date',
    (value) => {
      expect(issuesOf(TransactionDateSchema, value).map((issue) => issue.message)).toEqual(['Please enter a valid date']);
    },
  );

  it('rejects a date in the future', () => {
    const future = `${new Date().getUTCFullYear() + 1}-06-01`;
    expect(at({ transactionDate: future }, 'transactionDate')).toEqual(['Transaction date cannot be in the future']);
  });

  it('rejects a missing date', () => {
    expect(at({ transactionDate: undefined }, 'transactionDate')).toEqual(['Please enter a valid date']);
  });
});

describe('sales read models', () => {
  const sale = {
    id: 's1',
    clientName: 'Ngozi Eze',
    clientPhone: '08091234567',
    acresPurchased: 2.5,
    amount: 8_750_000,
    reportedAt: '2024-09-01T10:00:00.000Z',
    computedCommission: null,
  };

  it('defaults a sale to pending', () => {
    expect(parseOrThrow(SaleSchema, sale).status).toBe('pending');
  });

  it('parses the stats', () => {
    expect(
      issuesOf(AffiliateStatsSchema, {
        totalSales: 1,
        totalAcresSold: 2.5,
        verifiedSales: 0,
        pendingSales: 1,
        totalCommissions: 0,
        recentSales: [sale],
        referredLeads: 2,
        referredApplications: 1,
      }),
    ).toEqual([]);
  });
});

describe('SaleStatusUpdateSchema', () => {
  it('accepts verified or rejected and defaults notes', () => {
    expect(parseOrThrow(SaleStatusUpdateSchema, { status: 'verified' })).toEqual({ status: 'verified', notes: '' });
  });

  it('rejects other statuses', () => {
    expect(messagesAt(SaleStatusUpdateSchema, { status: 'pending' }, 'status')).toEqual([
      "Status must be 'verified' or 'rejected'",
    ]);
  });
});
