import { describe, expect, it } from 'vitest';
import { LEAD_PIPELINE_MESSAGES, LEAD_STAGES, parseEvent, type LeadStage } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { leadDecider, type LeadEvent, type SlotReserved } from './decider.ts';
import type { LeadStageMoved } from './pipeline.ts';
import { movedBackMessage, PAID_IS_FINAL_MESSAGE, SAME_STAGE_MESSAGE, stageMoveRefusal } from './stage-rules.ts';

const given = givenFor(leadDecider);
const now = new Date('2026-03-15T10:00:00.000Z');
const leadId = '5b0c2f4e-8f8a-4d51-9a4e-0c6a3f1e2d7b';
const activityId = '7e3a1c2b-4d5f-4a6b-8c9d-0e1f2a3b4c5d';
const applicationId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

const reserved: SlotReserved = {
  type: 'SlotReserved',
  data: {
    leadId,
    fullName: 'Adaeze Okafor',
    company: null,
    email: 'adaeze@example.ng',
    phone: '08031234567',
    phoneE164: '+2348031234567',
    role: 'Investor',
    intendedAcres: 5,
    priceBand: '3.5M',
    commitment: '7 days',
    notes: null,
    consent: true,
    referralCode: null,
    reservedAt: '2026-03-14T09:30:00.000Z',
  },
};

const moved = (from: LeadStage, to: LeadStage, extra: Partial<LeadStageMoved['data']> = {}): LeadStageMoved => ({
  type: 'LeadStageMoved',
  data: { leadId, from, to, reason: null, movedBy: 'ngozi', cause: null, movedAt: now.toISOString(), ...extra },
});

/** The lead's history up to `stage`, through the stages staff would take. */
const at = (stage: LeadStage): LeadEvent[] => {
  if (stage === 'new') return [reserved];
  if (stage === 'lost') return [reserved, moved('new', 'lost', { reason: 'Bought elsewhere' })];
  return [reserved, moved('new', stage)];
};

const move = (stage: LeadStage, reason?: string | null) =>
  ({ type: 'MoveLeadStage', leadId, stage, reason, by: 'ngozi', now }) as const;

describe('moving a lead through the pipeline', () => {
  it('moves a new lead to contacted, naming the staff member', () => {
    given(at('new'))
      .when(move('contacted'))
      .then([moved('new', 'contacted')]);
  });

  it('moves forward past a stage (a first call that sent the materials too)', () => {
    given(at('new'))
      .when(move('materials_sent'))
      .then([moved('new', 'materials_sent')]);
  });

  it('refuses lost without a reason, naming the field', () => {
    given(at('contacted'))
      .when(move('lost', '  '))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'reason', message: LEAD_PIPELINE_MESSAGES.lostReason }] });
  });

  it('records why a lead is lost, and a reason given with any other stage is dropped', () => {
    given(at('contacted'))
      .when(move('lost', ' Bought elsewhere '))
      .then([moved('contacted', 'lost', { reason: 'Bought elsewhere' })]);
    given(at('new'))
      .when(move('contacted', 'ignored'))
      .then([moved('new', 'contacted')]);
  });

  it('reopens a lost lead at any stage', () => {
    given(at('lost'))
      .when(move('contacted'))
      .then([moved('lost', 'contacted')]);
    given(at('lost'))
      .when(move('new'))
      .then([moved('lost', 'new')]);
  });

  it('refuses a move back, a move to the same stage and any move out of paid', () => {
    given(at('materials_sent'))
      .when(move('contacted'))
      .thenThrows({ code: 'conflict', message: movedBackMessage('materials_sent', 'contacted') });
    given(at('contacted')).when(move('contacted')).thenThrows({ code: 'conflict', message: SAME_STAGE_MESSAGE });
    given(at('paid')).when(move('lost', 'Refund')).thenThrows({ code: 'conflict', message: PAID_IS_FINAL_MESSAGE });
  });

  it.each(LEAD_STAGES.flatMap((from) => LEAD_STAGES.map((to) => [from, to] as const)))(
    'from %s to %s: the decider applies the stage rules',
    (from, to) => {
      const refusal = stageMoveRefusal(from, to);
      const history = at(from);
      if (refusal) given(history).when(move(to, 'Reason')).thenThrows({ code: 'conflict', message: refusal });
      else
        given(history)
          .when(move(to, 'Reason'))
          .then([moved(from, to, { reason: to === 'lost' ? 'Reason' : null })]);
    },
  );

  it('refuses a stage that does not exist and a lead that does not', () => {
    given(at('new'))
      .when(move('won' as LeadStage))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'stage', message: LEAD_PIPELINE_MESSAGES.stage }] });
    given([]).when(move('contacted')).thenThrows({ code: 'not_found', message: LEAD_PIPELINE_MESSAGES.leadNotFound });
  });
});

describe('logging an activity', () => {
  const log = (kind: 'call' | 'note', text = 'Called; wants the survey plan') =>
    ({ type: 'LogLeadActivity', leadId, activityId, kind, text, by: 'ngozi', now }) as const;
  const logged = (kind: 'call' | 'note') => ({
    type: 'LeadActivityLogged' as const,
    data: { leadId, activityId, kind, text: 'Called; wants the survey plan', loggedBy: 'ngozi', loggedAt: now.toISOString() },
  });

  it('a contact on a new lead is its first contact: it moves to contacted in the same append', () => {
    given(at('new'))
      .when(log('call'))
      .then([logged('call'), moved('new', 'contacted')]);
  });

  it('a note changes no stage, nor does a contact on a lead past new', () => {
    given(at('new'))
      .when(log('note'))
      .then([logged('note')]);
    given(at('contacted'))
      .when(log('call'))
      .then([logged('call')]);
  });

  it('refuses an empty text and an unknown kind, one rule per field', () => {
    given(at('new'))
      .when({ ...log('call', ' '), kind: 'fax' as 'call' })
      .thenThrows({
        code: 'validation_failed',
        errors: [
          { field: 'kind', message: LEAD_PIPELINE_MESSAGES.activityKind },
          { field: 'text', message: LEAD_PIPELINE_MESSAGES.activityText },
        ],
      });
  });

  it('produces events the catalogue accepts', () => {
    const state = at('new').reduce(leadDecider.evolve, leadDecider.initialState);
    for (const event of leadDecider.decide(log('call'), state)) expect(() => parseEvent(event.type, event.data)).not.toThrow();
  });
});

describe('assigning the owner', () => {
  const assign = (ownerId: string) => ({ type: 'AssignLeadOwner', leadId, ownerId, by: 'admin', now }) as const;
  const assigned = (ownerId: string, previousOwnerId: string) => ({
    type: 'LeadOwnerAssigned' as const,
    data: { leadId, ownerId, previousOwnerId, assignedBy: 'admin', assignedAt: now.toISOString() },
  });

  it('starts unassigned and records the owner before and after', () => {
    given(at('new'))
      .when(assign('ngozi'))
      .then([assigned('ngozi', 'unassigned')]);
    given([...at('new'), assigned('ngozi', 'unassigned')])
      .when(assign('unassigned'))
      .then([assigned('unassigned', 'ngozi')]);
  });

  it('records nothing when the lead already has that owner', () => {
    given([...at('new'), assigned('ngozi', 'unassigned')])
      .when(assign('ngozi'))
      .then([]);
  });

  it('refuses an owner id that is not a staff id', () => {
    given(at('new'))
      .when(assign('Ngozi Eze'))
      .thenThrows({ code: 'validation_failed', errors: [{ field: 'ownerId', message: LEAD_PIPELINE_MESSAGES.ownerId }] });
  });
});

describe('the product moving a lead on by itself', () => {
  const advance = (to: 'applied' | 'paid') =>
    ({ type: 'AdvanceLead', leadId, to, cause: { kind: 'application', id: applicationId }, now }) as const;
  const systemMove = (from: LeadStage, to: LeadStage) =>
    moved(from, to, { movedBy: 'system', cause: { kind: 'application', id: applicationId } });

  it('moves a lead that is not there yet, a lost one included, naming the system and the cause', () => {
    given(at('new'))
      .when(advance('applied'))
      .then([systemMove('new', 'applied')]);
    given(at('lost'))
      .when(advance('applied'))
      .then([systemMove('lost', 'applied')]);
    given(at('applied'))
      .when(advance('paid'))
      .then([systemMove('applied', 'paid')]);
  });

  it('records nothing when the lead is there already or further on', () => {
    given(at('applied')).when(advance('applied')).then([]);
    given(at('paid')).when(advance('applied')).then([]);
    given(at('paid')).when(advance('paid')).then([]);
  });
});

describe('the evolved state', () => {
  it('keeps the stage and owner the events left', () => {
    const state = [...at('new'), moved('new', 'contacted')].reduce(leadDecider.evolve, leadDecider.initialState);
    expect(state).toEqual({ status: 'reserved', leadId, stage: 'contacted', ownerId: 'unassigned' });
  });
});
