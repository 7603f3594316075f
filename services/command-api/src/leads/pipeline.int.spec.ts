import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AdminLeadsResponseSchema,
  LEAD_PIPELINE_MESSAGES,
  LeadMetricsSchema,
  LeadTimelineResponseSchema,
  type AdminLead,
} from '@acres/contracts';
import { validApplication, validLead } from '@acres/fixtures';
import { advanceLeadsOnce } from '@acres/projector';
import { ADMIN } from '../../test/payments-harness.ts';
import type { Problem } from '../../test/command-api-harness.ts';
import { ADMIN_AUTH as AUTH, useReviewStack } from '../../test/review-stack.ts';
import { leadStreamId } from './streams.ts';

// The lead pipeline end to end: the command API records what staff do, the projector keeps
// the pipeline and timeline read models, the query API answers the Leads tab and the overview,
// and the projector's sweep moves a lead on when its verified person applies and pays.

const HOUR = 60 * 60 * 1000;
const T0 = Date.parse('2026-06-01T09:00:00.000Z');
let clock = new Date(T0);

const stack = useReviewStack(() => clock);
const { settle, post } = stack;

const reserve = async (email = `lead-${randomUUID().slice(0, 8)}@example.ng`) => {
  const response = await post('/api/leads', validLead({ email }), {});
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; position: string }>();
};

const accepted = async (response: Awaited<ReturnType<typeof post>>, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ id: string; position: string }>();
  await settle(body.position);
  return body;
};

const listLeads = async (search = '') => {
  const response = await stack().query.inject({ url: `/api/admin/leads${search}`, headers: AUTH });
  expect(response.statusCode, response.body).toBe(200);
  return AdminLeadsResponseSchema.parse(response.json()).leads;
};
const leadIn = async (id: string, search = '') => (await listLeads(search)).find((lead) => lead.id === id);
const stageEvents = async (leadId: string) =>
  (await stack().h.eventStore.readStream(leadStreamId(leadId))).filter((event) => event.type === 'LeadStageMoved');

describe('staff work a lead', () => {
  it('assign, log a call (its first contact), send materials: each event names who, the list and the timeline show it', async () => {
    const lead = await reserve();
    await accepted(await post(`/api/admin/leads/${lead.id}/owner`, { ownerId: 'ngozi' }));
    clock = new Date(T0 + 2 * HOUR);
    await accepted(await post(`/api/admin/leads/${lead.id}/activities`, { kind: 'call', text: 'Wants the survey plan' }), 201);
    clock = new Date(T0 + 3 * HOUR);
    await accepted(await post(`/api/admin/leads/${lead.id}/stage`, { stage: 'materials_sent' }));

    const events = (await stack().h.eventStore.readStream(leadStreamId(lead.id))).slice(2);
    expect(events.map((event) => event.type)).toEqual([
      'LeadOwnerAssigned',
      'LeadActivityLogged',
      'LeadStageMoved',
      'LeadStageMoved',
    ]);
    for (const event of events) expect(event.metadata.actor).toEqual({ kind: 'admin', id: ADMIN.username });
    expect(events[1]!.data).toMatchObject({ kind: 'call', text: 'Wants the survey plan', loggedBy: ADMIN.username });

    const listed = await leadIn(lead.id, '?owner=ngozi&stage=materials_sent');
    expect(listed).toMatchObject<Partial<AdminLead>>({
      stage: 'materials_sent',
      ownerId: 'ngozi',
      overdue: false,
      firstContactAt: new Date(T0 + 2 * HOUR).toISOString(),
      lastActivityAt: new Date(T0 + 2 * HOUR).toISOString(),
    });
    expect(await leadIn(lead.id, '?owner=unassigned')).toBeUndefined();

    const timeline = await stack().query.inject({ url: `/api/admin/leads/${lead.id}/timeline`, headers: AUTH });
    const { entries } = LeadTimelineResponseSchema.parse(timeline.json());
    expect(entries.map((entry) => [entry.type, entry.actor, entry.to ?? entry.ownerId ?? entry.activity])).toEqual([
      ['reserved', null, null],
      ['owner', ADMIN.username, 'ngozi'],
      ['activity', ADMIN.username, 'call'],
      ['stage', ADMIN.username, 'contacted'],
      ['stage', ADMIN.username, 'materials_sent'],
    ]);
  });

  it('answers bad input with a 4xx naming the field or the rule, and records nothing', async () => {
    clock = new Date(T0);
    const lead = await reserve();
    const problem = (response: Awaited<ReturnType<typeof post>>) => response.json<Problem>();
    const lost = await post(`/api/admin/leads/${lead.id}/stage`, { stage: 'lost' });
    expect(lost.statusCode).toBe(400);
    expect(problem(lost).errors).toEqual([{ field: 'reason', message: LEAD_PIPELINE_MESSAGES.lostReason }]);
    const kind = await post(`/api/admin/leads/${lead.id}/activities`, { kind: 'fax', text: '' });
    expect(problem(kind).errors).toEqual([
      { field: 'kind', message: LEAD_PIPELINE_MESSAGES.activityKind },
      { field: 'text', message: LEAD_PIPELINE_MESSAGES.activityText },
    ]);
    expect((await post(`/api/admin/leads/${randomUUID()}/owner`, { ownerId: 'ngozi' })).statusCode).toBe(404);
    expect((await post('/api/admin/leads/not-a-lead/owner', { ownerId: 'ngozi' })).statusCode).toBe(400);
    expect((await post(`/api/admin/leads/${lead.id}/owner`, { ownerId: 'ngozi' }, {})).statusCode).toBe(401);
    await accepted(await post(`/api/admin/leads/${lead.id}/stage`, { stage: 'materials_sent' }));
    const back = await post(`/api/admin/leads/${lead.id}/stage`, { stage: 'contacted' });
    expect(back.statusCode).toBe(409);
    expect(problem(back).detail).toBe('A lead cannot move back from Materials sent to Contacted');
    expect((await stageEvents(lead.id)).map((event) => (event.data as { to: string }).to)).toEqual(['materials_sent']);
  });

  it('a lost lead keeps its reason in the timeline and may be reopened', async () => {
    const lead = await reserve();
    await accepted(await post(`/api/admin/leads/${lead.id}/stage`, { stage: 'lost', reason: 'Bought in Epe' }));
    await accepted(await post(`/api/admin/leads/${lead.id}/stage`, { stage: 'contacted' }));
    const timeline = await stack().query.inject({ url: `/api/admin/leads/${lead.id}/timeline`, headers: AUTH });
    const stages = LeadTimelineResponseSchema.parse(timeline.json()).entries.filter((entry) => entry.type === 'stage');
    expect(stages.map((entry) => [entry.from, entry.to, entry.text])).toEqual([
      ['new', 'lost', 'Bought in Epe'],
      ['lost', 'contacted', null],
    ]);
  });
});

describe('overdue and the period figures, against the clock', () => {
  it('flags and filters a lead still new after 24 hours; the metrics count first contacts and the funnel', async () => {
    clock = new Date(T0 - 30 * HOUR);
    const waiting = await reserve();
    const quick = await reserve();
    clock = new Date(T0 - 29 * HOUR);
    await accepted(await post(`/api/admin/leads/${quick.id}/activities`, { kind: 'whatsapp', text: 'Sent a hello' }), 201);
    clock = new Date(T0);
    const overdue = await listLeads('?overdue=true');
    expect(overdue.map((lead) => lead.id)).toContain(waiting.id);
    expect(overdue.map((lead) => lead.id)).not.toContain(quick.id);
    expect(await leadIn(quick.id, '?overdue=false')).toMatchObject({ overdue: false, stage: 'contacted' });

    const day = new Date(T0 - 30 * HOUR).toISOString().slice(0, 10);
    const response = await stack().query.inject({ url: `/api/admin/leads/metrics?from=${day}&to=${day}`, headers: AUTH });
    const metrics = LeadMetricsSchema.parse(response.json());
    expect(metrics.firstContact).toEqual({
      due: 2,
      contacted: 1,
      within24Hours: 1,
      shareWithin24Hours: 0.5,
      medianMinutes: 60,
    });
    expect(metrics.funnel).toEqual([
      { step: 'lead', leads: 2 },
      { step: 'contacted', leads: 1 },
      { step: 'applied', leads: 0 },
      { step: 'paid', leads: 0 },
    ]);
    const bad = await stack().query.inject({ url: `/api/admin/leads/metrics?from=2026-02-01&to=2026-01-01`, headers: AUTH });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the product moves a lead on by itself', () => {
  it("the verified person's application, then approved payment: applied, then paid, once, as the system", async () => {
    clock = new Date(T0);
    const email = `verified-${randomUUID().slice(0, 8)}@example.ng`;
    const investor = await stack().h.signUp(email, { verified: true });
    const lead = await reserve(email);
    // The same email typed by a stranger's lead: no account has proven it is theirs.
    const strangerEmail = `typed-${randomUUID().slice(0, 8)}@example.ng`;
    const stranger = await reserve(strangerEmail);
    await accepted(await post('/api/subscriptions', validApplication({ email: strangerEmail }), {}), 201);
    await accepted(await post('/api/subscriptions', validApplication({ email }), {}), 201);

    expect(await advanceLeadsOnce({ pool: stack().h.db.pool, eventStore: stack().h.eventStore, now: () => clock })).toBe(1);
    expect(await advanceLeadsOnce({ pool: stack().h.db.pool, eventStore: stack().h.eventStore, now: () => clock })).toBe(0);
    const [applied] = await stageEvents(lead.id);
    expect(applied!.metadata.actor).toEqual({ kind: 'system', id: 'system' });
    expect(applied!.data).toMatchObject({ from: 'new', to: 'applied', movedBy: 'system', cause: { kind: 'application' } });
    expect(await stageEvents(stranger.id)).toEqual([]);

    const paymentId = await stack().h.submitPayment(investor, 1);
    await accepted(
      await stack().h.app.inject({
        method: 'PUT',
        url: `/api/admin/payments/${paymentId}/status`,
        headers: { 'content-type': 'application/json', ...AUTH },
        payload: JSON.stringify({ status: 'approved' }),
      }),
    );
    expect(await advanceLeadsOnce({ pool: stack().h.db.pool, eventStore: stack().h.eventStore, now: () => clock })).toBe(1);
    const moves = await stageEvents(lead.id);
    expect(moves.map((event) => event.data)).toMatchObject([
      { to: 'applied' },
      { from: 'applied', to: 'paid', cause: { kind: 'payment', id: paymentId } },
    ]);
    await settle(moves.at(-1)!.globalPosition.toString());
    expect(await leadIn(lead.id, '?stage=paid')).toBeDefined();
  });
});
