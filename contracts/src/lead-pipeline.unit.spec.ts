import { describe, expect, it } from 'vitest';
import {
  AssignLeadOwnerRequestSchema,
  LEAD_PIPELINE_MESSAGES as M,
  LogLeadActivityRequestSchema,
  MAX_ACTIVITY_TEXT_LENGTH,
  MoveLeadStageRequestSchema,
} from './lead-pipeline.ts';
import { LEAD_METRICS_MESSAGES, LeadMetricsQuerySchema } from './lead-pipeline-reads.ts';
import { AdminLeadsQuerySchema, OVERDUE_PARAM_MESSAGE } from './lead.ts';
import { issuesOf, messagesAt, parseOrThrow } from '../test/schema-issues.ts';

describe('MoveLeadStageRequestSchema', () => {
  it('needs a reason for lost and keeps it trimmed', () => {
    expect(messagesAt(MoveLeadStageRequestSchema, { stage: 'lost' }, 'reason')).toEqual([M.lostReason]);
    expect(messagesAt(MoveLeadStageRequestSchema, { stage: 'lost', reason: ' \n ' }, 'reason')).toEqual([M.lostReason]);
    expect(parseOrThrow(MoveLeadStageRequestSchema, { stage: 'lost', reason: ' Chose Lekki ' })).toEqual({
      stage: 'lost',
      reason: 'Chose Lekki',
    });
  });

  it('drops a reason given with another stage and refuses an unknown stage', () => {
    expect(parseOrThrow(MoveLeadStageRequestSchema, { stage: 'contacted', reason: 'x' })).toEqual({
      stage: 'contacted',
      reason: null,
    });
    expect(messagesAt(MoveLeadStageRequestSchema, { stage: 'won' }, 'stage')).toEqual([M.stage]);
  });

  it('refuses a reason on two lines', () => {
    expect(messagesAt(MoveLeadStageRequestSchema, { stage: 'lost', reason: 'a\nb' }, 'reason')).toHaveLength(1);
  });
});

describe('LogLeadActivityRequestSchema', () => {
  it('takes a known kind and a short text', () => {
    expect(issuesOf(LogLeadActivityRequestSchema, { kind: 'whatsapp', text: 'Sent the plan' })).toEqual([]);
    expect(messagesAt(LogLeadActivityRequestSchema, { kind: 'fax', text: 'x' }, 'kind')).toEqual([M.activityKind]);
    expect(messagesAt(LogLeadActivityRequestSchema, { kind: 'call', text: '  ' }, 'text')).toEqual([M.activityText]);
    const long = 'x'.repeat(MAX_ACTIVITY_TEXT_LENGTH + 1);
    expect(messagesAt(LogLeadActivityRequestSchema, { kind: 'call', text: long }, 'text')).toEqual([M.activityTextLength]);
  });
});

describe('AssignLeadOwnerRequestSchema', () => {
  it('takes a staff id or unassigned, nothing else', () => {
    expect(parseOrThrow(AssignLeadOwnerRequestSchema, { ownerId: ' 5b0c2f4e-8f8a ' })).toEqual({ ownerId: '5b0c2f4e-8f8a' });
    expect(issuesOf(AssignLeadOwnerRequestSchema, { ownerId: 'unassigned' })).toEqual([]);
    expect(messagesAt(AssignLeadOwnerRequestSchema, { ownerId: 'Ngozi Eze' }, 'ownerId')).toEqual([M.ownerId]);
    expect(messagesAt(AssignLeadOwnerRequestSchema, {}, 'ownerId')).toEqual([M.ownerId]);
  });
});

describe("the admin list's pipeline filters", () => {
  it('parses stage, owner and overdue, and names a bad one', () => {
    expect(parseOrThrow(AdminLeadsQuerySchema, { stage: 'new', owner: 'admin', overdue: 'true' })).toMatchObject({
      stage: 'new',
      owner: 'admin',
      overdue: true,
    });
    expect(parseOrThrow(AdminLeadsQuerySchema, { overdue: 'false' }).overdue).toBe(false);
    expect(messagesAt(AdminLeadsQuerySchema, { overdue: 'yes' }, 'overdue')).toEqual([OVERDUE_PARAM_MESSAGE]);
    expect(messagesAt(AdminLeadsQuerySchema, { stage: 'won' }, 'stage')).toEqual([M.stage]);
  });
});

describe('LeadMetricsQuerySchema', () => {
  it('takes a period of days in order, at most a year', () => {
    expect(issuesOf(LeadMetricsQuerySchema, { from: '2026-01-01', to: '2026-01-31' })).toEqual([]);
    expect(messagesAt(LeadMetricsQuerySchema, { from: '2026-02-01', to: '2026-01-31' }, 'from')).toEqual([
      LEAD_METRICS_MESSAGES.order,
    ]);
    expect(messagesAt(LeadMetricsQuerySchema, { from: '2025-01-01', to: '2026-01-31' }, 'to')).toEqual([
      LEAD_METRICS_MESSAGES.span,
    ]);
    expect(messagesAt(LeadMetricsQuerySchema, { from: '31/01/2026' }, 'from')).toEqual([LEAD_METRICS_MESSAGES.from]);
  });
});
