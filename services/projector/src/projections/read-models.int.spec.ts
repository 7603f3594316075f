import { SAMPLE_EVENT_DATA } from '@acres/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from '../runner/runner.ts';
import { waitForProjections } from '@acres/read-models/freshness';
import { appendEach, applicationSubmittedData, newEvent, slotReservedData, useHarness, waitUntil } from '../../test/harness.ts';
import { ALL_PROJECTIONS } from './index.ts';

const NAMES = ALL_PROJECTIONS.map((projection) => projection.name);

describe('the leads, subscriptions and admin-counters projections', () => {
  const harness = useHarness();
  let projector: Projector;
  const lead = slotReservedData(10, { company: 'Okafor Holdings', notes: 'Call after 5pm', referralCode: 'ABC123' });
  const bareLead = slotReservedData(11, { company: null, notes: null, referralCode: null });
  // Text that array and JSON encodings must carry through untouched.
  const awkward = 'NULL "quoted", {braced} back\\slash, Ọ̀kàfọ̀r 🌍 \'apostrophe\'\nsecond line';
  const awkwardLead = slotReservedData(12, { fullName: awkward, company: 'NULL', notes: '' });
  const application = applicationSubmittedData(1);
  let position = 0n;

  beforeAll(async () => {
    projector = harness.startProjector({
      projections: ALL_PROJECTIONS,
    });
    position = await appendEach(harness.eventStore, [
      newEvent('SlotReserved', lead),
      newEvent('SlotReserved', bareLead),
      newEvent('SlotReserved', awkwardLead),
      newEvent('ApplicationSubmitted', application),
      // Types no read model here handles must still move every checkpoint.
      newEvent('UserEmailClaimed', SAMPLE_EVENT_DATA.UserEmailClaimed),
    ]);
    expect(await waitForProjections({ pool: harness.db.pool, names: NAMES, position, timeoutMs: 10_000 })).toBe(true);
  });

  it('writes a lead row with every SPEC field', async () => {
    const { rows } = await harness.db.pool.query('SELECT * FROM leads WHERE id = $1', [lead.leadId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: lead.leadId,
      full_name: lead.fullName,
      company: 'Okafor Holdings',
      email: lead.email,
      phone: lead.phone,
      phone_e164: '2348031234567',
      role: 'Investor',
      intended_acres: lead.intendedAcres,
      price_band: '3.5M',
      commitment: '7 days',
      notes: 'Call after 5pm',
      consent: true,
      referral_code: 'ABC123',
      created_at: new Date(lead.reservedAt),
      // A visitor's: no account made it.
      created_by_user_id: null,
      global_position: expect.any(Number),
    });
  });

  it('keeps the optional lead fields null when they were not given', async () => {
    const { rows } = await harness.db.pool.query('SELECT company, notes, referral_code FROM leads WHERE id = $1', [
      bareLead.leadId,
    ]);
    expect(rows).toEqual([{ company: null, notes: null, referral_code: null }]);
  });

  it('stores awkward text exactly as it was written', async () => {
    const { rows } = await harness.db.pool.query('SELECT full_name, company, notes FROM leads WHERE id = $1', [
      awkwardLead.leadId,
    ]);
    expect(rows).toEqual([{ full_name: awkward, company: 'NULL', notes: '' }]);
  });

  it('writes a pending subscription with every SPEC field', async () => {
    const { rows } = await harness.db.pool.query(`SELECT * FROM subscriptions WHERE id = $1`, [application.applicationId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: application.applicationId,
      application_number: application.applicationNumber,
      surname: 'Okafor',
      first_name: application.firstName,
      other_name: null,
      date_of_birth: '1985-04-12',
      gender: 'female',
      nationality: 'Nigerian',
      marital_status: 'married',
      residential_address: '4 Bourdillon Road, Ikoyi, Lagos',
      email: application.email,
      phone_number: '0803 123 4567',
      city: 'Lagos',
      occupation: 'Engineer',
      work_address: null,
      religion: null,
      passport_photo_url: '/objects/passport-1.jpg',
      kin_name: 'Emeka Okafor',
      kin_relationship: 'Brother',
      kin_address: '9 Awolowo Road, Lagos',
      kin_phone: '0803 765 4321',
      kin_email: 'emeka@example.ng',
      acres_subscribed: 20,
      subscription_value: 70_000_000,
      payment_option: 'outright',
      mode_of_payment: 'bank_transfer',
      realtor_name: 'Tunde Realtor',
      realtor_mobile: '0802 000 0000',
      realtor_email: 'tunde@example.ng',
      realtor_code: null,
      referral_code: 'ABC123',
      status: 'pending',
      amount_verified: null,
      escrow_receipt_no: null,
      decision_notes: null,
      decided_at: null,
      decided_by: null,
      created_at: new Date(application.submittedAt),
      updated_at: new Date(application.submittedAt),
      created_by_user_id: null,
      global_position: expect.any(Number),
    });
  });

  it('counts the leads and the applications', async () => {
    const { rows } = await harness.db.pool.query(
      'SELECT total_leads, total_applications, total_payments, pending_approvals, approved_payments FROM admin_counters',
    );
    expect(rows).toEqual([
      { total_leads: 3, total_applications: 1, total_payments: 0, pending_approvals: 0, approved_payments: 0 },
    ]);
  });

  it('moves every checkpoint to the last event, including past events no projection handles', async () => {
    const { rows } = await harness.db.pool.query<{ name: string; position: string; events_applied: number }>(
      'SELECT name, position::text AS position, events_applied FROM projection_checkpoints ORDER BY name',
    );
    // Projections of later issues handle none of these events but still move; the audit log
    // records the application (leads are not audited); the pipeline and its timeline start each lead.
    const applied: Record<string, number> = {
      'admin-counters': 4,
      leads: 3,
      subscriptions: 1,
      'audit-log': 1,
      'lead-pipeline': 3,
      'lead-timeline': 3,
    };
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...NAMES]
        .sort((a, b) => a.localeCompare(b))
        .map((name) => ({ name, position: position.toString(), events_applied: applied[name] ?? 0 })),
    );
  });

  it('reports every projection live at the last position', async () => {
    await waitUntil(() => projector.status().every((status) => status.state === 'live'), { what: 'every projection to go live' });
    expect(projector.status().map(({ name, state, position: at }) => ({ name, state, position: at }))).toEqual(
      NAMES.map((name) => ({ name, state: 'live', position: position.toString() })),
    );
  });
});
