import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@acres/contracts/staff';
import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { useNotifierHarness, type NotifierHarness } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/loopback.ts';

// A lead still new 24 hours after it arrived is alerted once: to its owner at the address the
// book learnt from the staff member's stream; while it is unassigned, to the sales role's
// members and the owner (the team's address and the owner's role), delivered over SMTP.
// Contact (its first move out of new) before then means no alert.

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

/** A staff member's stream as the command API writes it: invited, then (when `joined`) enrolled. */
const addStaff = async (h: NotifierHarness, name: string, role: StaffRole, joined = true) => {
  const staffId = randomUUID();
  const email = `${name.toLowerCase()}@acres.example`;
  const invited = { ...SAMPLE_EVENT_DATA.StaffInvited, staffId, email, displayName: name, role };
  const position = await h.append(`staff-${staffId}`, 'StaffInvited', invited);
  const enrolled = { ...SAMPLE_EVENT_DATA.StaffTotpEnrolled, staffId };
  return { staffId, email, position: joined ? await h.append(`staff-${staffId}`, 'StaffTotpEnrolled', enrolled) : position };
};

describe('the overdue lead alert', () => {
  const h = useNotifierHarness();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());

  it('unassigned: the sales members and the owner, once; assigned: the owner at their address; contacted in time: none', async () => {
    const notifier = await h.start({ ...env, SMTP_URL: smtp.url, MAIL_FROM: 'Acres <hello@acres.example>' });
    const ngozi = await addStaff(h, 'Ngozi', 'sales');
    const emeka = await addStaff(h, 'Emeka', 'sales');
    const ada = await addStaff(h, 'Ada', 'owner');
    await addStaff(h, 'Funmi', 'finance');
    await addStaff(h, 'Kelechi', 'sales', false);
    const bisi = await addStaff(h, 'Bisi', 'sales');
    await h.append(`staff-${bisi.staffId}`, 'StaffRemoved', { ...SAMPLE_EVENT_DATA.StaffRemoved, staffId: bisi.staffId });
    const unassigned = await reserveLead(h, 'Bola Ade');
    const owned = await reserveLead(h, 'Chinwe Obi');
    const contacted = await reserveLead(h, 'Dapo Eze');
    await h.append(`lead-${owned.leadId}`, 'LeadOwnerAssigned', {
      ...SAMPLE_EVENT_DATA.LeadOwnerAssigned,
      leadId: owned.leadId,
      ownerId: ngozi.staffId,
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
    expect(await notifier.sweepOnce(at(25))).toBe(5);
    // A member who joins later is not sent the alerts of leads already alerted.
    await followedTo(h, (await addStaff(h, 'Late', 'sales')).position);
    expect(await notifier.sweepOnce(at(49))).toBe(0);

    const alerts = await leadAlerts(h, unassigned.leadId);
    expect(alerts.map((alert) => alert.recipient).sort()).toEqual([ada.email, emeka.email, ngozi.email, TEAM].sort());
    const team = alerts.find((alert) => alert.recipient === TEAM);
    expect(team).toMatchObject({
      id: `overdue:lead:${unassigned.leadId}:1`,
      kind: 'admin-overdue-lead',
      recipient: TEAM,
      subject: 'Not contacted in 24 hours: lead from Bola Ade',
    });
    expect(team!.body_text).toContain('Owner: Nobody yet');
    expect(team!.body_text).toContain('Open the Leads tab: https://acres.example/admin?tab=leads');
    expect(await leadAlerts(h, owned.leadId)).toMatchObject([{ recipient: ngozi.email }]);
    expect(await leadAlerts(h, contacted.leadId)).toEqual([]);

    // Each reaches its inbox on the loopback SMTP server.
    const delivered = () => smtp.received.filter((mail) => mail.raw.includes('X-Acres-Kind: admin-overdue-lead'));
    await expect.poll(() => delivered().length, { timeout: 15_000 }).toBe(5);
    const inboxes = delivered().flatMap((mail) => mail.to);
    expect(inboxes.sort()).toEqual([ada.email, emeka.email, ngozi.email, ngozi.email, TEAM].sort());
    expect(delivered().filter((mail) => mail.raw.includes('Subject: Not contacted in 24 hours: lead from Chinwe Obi'))).toEqual([
      expect.objectContaining({ to: [ngozi.email] }),
    ]);
  });
});
