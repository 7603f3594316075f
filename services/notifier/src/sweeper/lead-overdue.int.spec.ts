import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { useNotifierHarness, type NotifierHarness } from '../../test/harness.ts';

// A lead still new 24 hours after it arrived is alerted once: to its owner when the address
// book knows the staff member's address, to the team while it is unassigned. Contact (its
// first move out of new) before then means no alert.

const HOUR = 60 * 60 * 1000;
const T = Date.parse('2026-03-02T08:00:00.000Z');
const at = (hours: number) => new Date(T + hours * HOUR);
const TEAM = 'sales@acres.example';
const env = { ADMIN_NOTIFY_EMAIL: TEAM, PUBLIC_URL: 'https://acres.example' };

const followedTo = async (h: NotifierHarness, position: bigint) =>
  expect
    .poll(async () => BigInt((await h.db.pool.query('SELECT position::text AS p FROM notifier_checkpoint')).rows[0]?.p ?? '0'))
    .toBeGreaterThanOrEqual(position);

const leadAlerts = async (h: NotifierHarness, leadId: string) =>
  (
    await h.db.pool.query<{ id: string; kind: string; recipient: string; subject: string; body_text: string }>(
      `SELECT id, kind, recipient, subject, body_text FROM notifications WHERE id LIKE $1 ORDER BY id`,
      [`overdue:lead:${leadId}:%`],
    )
  ).rows;

const reserveLead = async (h: NotifierHarness, fullName: string) => {
  const leadId = randomUUID();
  const position = await h.append(`lead-${leadId}`, 'SlotReserved', {
    ...SAMPLE_EVENT_DATA.SlotReserved,
    leadId,
    fullName,
    reservedAt: at(0).toISOString(),
  });
  return { leadId, position };
};

describe('the overdue lead alert', () => {
  const h = useNotifierHarness();

  it('unassigned: the team, once; assigned: the owner at their address; contacted in time: none', async () => {
    const notifier = await h.start(env);
    const unassigned = await reserveLead(h, 'Bola Ade');
    const owned = await reserveLead(h, 'Chinwe Obi');
    const contacted = await reserveLead(h, 'Dapo Eze');
    await h.db.pool.query(
      `INSERT INTO notifier_contacts (key, email, name) VALUES ('staff:ngozi', 'ngozi@acres.example', 'Ngozi')`,
    );
    await h.append(`lead-${owned.leadId}`, 'LeadOwnerAssigned', {
      ...SAMPLE_EVENT_DATA.LeadOwnerAssigned,
      leadId: owned.leadId,
      ownerId: 'ngozi',
    });
    const last = await h.append(`lead-${contacted.leadId}`, 'LeadStageMoved', {
      ...SAMPLE_EVENT_DATA.LeadStageMoved,
      leadId: contacted.leadId,
      from: 'new',
      to: 'contacted',
      reason: null,
      movedAt: at(3).toISOString(),
    });
    await followedTo(h, last);

    expect(await notifier.sweepOnce(at(23))).toBe(0);
    expect(await notifier.sweepOnce(at(25))).toBe(2);
    expect(await notifier.sweepOnce(at(49))).toBe(0);

    const [team] = await leadAlerts(h, unassigned.leadId);
    expect(await leadAlerts(h, unassigned.leadId)).toHaveLength(1);
    expect(team).toMatchObject({
      id: `overdue:lead:${unassigned.leadId}:1`,
      kind: 'admin-overdue-lead',
      recipient: TEAM,
      subject: 'Not contacted in 24 hours: lead from Bola Ade',
    });
    expect(team!.body_text).toContain('Owner: Nobody yet');
    expect(team!.body_text).toContain('Open the Leads tab: https://acres.example/admin?tab=leads');
    expect(await leadAlerts(h, owned.leadId)).toMatchObject([{ recipient: 'ngozi@acres.example' }]);
    expect(await leadAlerts(h, contacted.leadId)).toEqual([]);
  });
});
