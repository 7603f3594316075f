import { describe, expect, it } from 'vitest';
import { parseEvent, type DomainEvent, type EventType } from '@acres/contracts/events';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { dayOfWaiting, planOverdueAlert, planProjectionStoppedAlert } from './alerts.ts';
import type { ContactBook } from './contacts.ts';
import { ADMIN_OUTBOX_RECIPIENT, type PlanSettings } from './plan.ts';
import { waitingChangeOf, type WaitingItem } from './waiting.ts';
import { TEST_PLAN_SETTINGS } from '../../test/plan-settings.ts';

const event = <T extends EventType>(type: T): DomainEvent => parseEvent(type, SAMPLE_EVENT_DATA[type]);
const settings: PlanSettings = { ...TEST_PLAN_SETTINGS, publicUrl: 'https://acres.example/' };
const submittedAt = '2026-03-02T08:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(submittedAt) + ms);
const HOUR = 60 * 60 * 1000;

const payment: WaitingItem = {
  kind: 'payment',
  itemId: SAMPLE_EVENT_DATA.PaymentProofSubmitted.paymentId,
  submittedAt,
  who: 'Ada Obi',
  details: { acres: 25, amount: 87_500_000 },
  eventPosition: 42n,
  eventType: 'PaymentProofSubmitted',
};

describe('the overdue alert', () => {
  it('counts whole days of waiting: the first alert at exactly 24 hours', () => {
    expect(dayOfWaiting(submittedAt, after(24 * HOUR - 1))).toBe(0);
    expect(dayOfWaiting(submittedAt, after(24 * HOUR))).toBe(1);
    expect(dayOfWaiting(submittedAt, after(48 * HOUR - 1))).toBe(1);
    expect(dayOfWaiting(submittedAt, after(48 * HOUR))).toBe(2);
    // A clock behind the submission's: not waiting yet.
    expect(dayOfWaiting(submittedAt, after(-HOUR))).toBe(-1);
  });

  it('is keyed by item and day, so each day of waiting is alerted once', () => {
    expect(planOverdueAlert({ item: payment, now: after(23 * HOUR), settings })).toBeNull();
    const first = planOverdueAlert({ item: payment, now: after(25 * HOUR), settings })!;
    expect(planOverdueAlert({ item: payment, now: after(47 * HOUR), settings })).toEqual(first);
    expect(first).toMatchObject({
      id: `overdue:payment:${payment.itemId}:1`,
      kind: 'admin-overdue-payment',
      channel: 'email',
      recipient: 'ops@acres.example',
      subject: 'Waiting over 24 hours: payment proof from Ada Obi',
    });
    expect(first.text).toContain('Open the Payments tab: https://acres.example/admin?tab=payments');
    expect(first.html).toContain('href="https://acres.example/admin?tab=payments"');
    const third = planOverdueAlert({ item: payment, now: after(73 * HOUR), settings })!;
    expect([third.id, third.subject]).toEqual([
      `overdue:payment:${payment.itemId}:3`,
      'Waiting over 3 days: payment proof from Ada Obi',
    ]);
  });

  it('goes to the outbox, with no link, when neither the admin address nor the site origin is set', () => {
    const alert = planOverdueAlert({
      item: payment,
      now: after(25 * HOUR),
      settings: { ...settings, adminEmail: null, publicUrl: null },
    })!;
    expect(alert.recipient).toBe(ADMIN_OUTBOX_RECIPIENT);
    expect(alert.text).not.toContain('http');
  });
});

describe('the projection-stopped alert', () => {
  it('names the projection, the event it stopped on and the error, keyed by the stop', () => {
    const alert = planProjectionStoppedAlert({
      projection: {
        name: 'leads',
        failedPosition: 9_000_000_000_123n,
        failedEventType: 'SlotReserved',
        failedEventId: null,
        lastError: 'duplicate key <value>',
        failedAt: null,
      },
      settings,
    });
    expect([alert.id, alert.kind, alert.subject]).toEqual([
      'projection-stopped:leads:9000000000123',
      'admin-projection-stopped',
      'Projection leads stopped',
    ]);
    expect(alert.text).toContain('Event position: 9000000000123');
    expect(alert.text).toContain('Error: duplicate key <value>');
    expect(alert.html).toContain('Error: duplicate key &lt;value&gt;');
    expect(alert.text).toContain('Open the Operations tab: https://acres.example/admin?tab=operations');
  });
});

describe('what waits for a decision', () => {
  const contacts: ContactBook = new Map([
    [`user:${SAMPLE_EVENT_DATA.UserRegistered.userId}`, { email: 'ada@example.com', name: null, phone: null }],
  ]);

  it('starts at a submission and ends at either decision', () => {
    expect(waitingChangeOf(event('PaymentProofSubmitted'), contacts)).toEqual({
      submitted: {
        kind: 'payment',
        itemId: SAMPLE_EVENT_DATA.PaymentProofSubmitted.paymentId,
        submittedAt: SAMPLE_EVENT_DATA.PaymentProofSubmitted.submittedAt,
        // No name on file: the email the admin knows the investor by.
        who: 'ada@example.com',
        details: { acres: 25, amount: 87_500_000 },
      },
    });
    expect(waitingChangeOf(event('ApplicationSubmitted'), contacts)).toMatchObject({
      submitted: { kind: 'application', who: 'Ada Obi', details: { applicationNumber: 'APP-2024-0001', acres: 20 } },
    });
    for (const type of ['PaymentApproved', 'PaymentRejected'] as const)
      expect(waitingChangeOf(event(type), contacts)).toMatchObject({ decided: { kind: 'payment' } });
    for (const type of ['ApplicationApproved', 'ApplicationRejected'] as const)
      expect(waitingChangeOf(event(type), contacts)).toMatchObject({ decided: { kind: 'application' } });
    expect(waitingChangeOf(event('UserRegistered'), contacts)).toBeNull();
  });

  it('keeps a new lead waiting with its owner until it first leaves new', () => {
    expect(waitingChangeOf(event('SlotReserved'), contacts)).toEqual({
      submitted: {
        kind: 'lead',
        itemId: SAMPLE_EVENT_DATA.SlotReserved.leadId,
        submittedAt: SAMPLE_EVENT_DATA.SlotReserved.reservedAt,
        who: 'Ada Obi',
        details: { ownerId: 'unassigned' },
      },
    });
    expect(waitingChangeOf(event('LeadOwnerAssigned'), contacts)).toEqual({
      reassigned: { kind: 'lead', itemId: SAMPLE_EVENT_DATA.LeadOwnerAssigned.leadId, ownerId: 'admin' },
    });
    // The sample moves new → lost: the lead no longer waits for contact.
    expect(waitingChangeOf(event('LeadStageMoved'), contacts)).toMatchObject({ decided: { kind: 'lead' } });
    const later = { type: 'LeadStageMoved', data: { ...SAMPLE_EVENT_DATA.LeadStageMoved, from: 'contacted' } } as const;
    expect(waitingChangeOf(later, contacts)).toBeNull();
    expect(waitingChangeOf(event('LeadActivityLogged'), contacts)).toBeNull();
  });
});
