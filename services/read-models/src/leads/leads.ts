// SPEC 3 leads: one row per SlotReserved (the projector's projections/leads), read by the
// admin's lead list and the CSV export (the query API's leads slice) as the contract's Lead.

import type { Lead } from '@acres/contracts/lead';
import { selectList, type Position, type ReadModel, type SqlTypes } from '../shared/read-model.ts';

export const LEADS = { name: 'leads', table: 'leads', migration: '1700000000002_read-models.sql' } as const satisfies ReadModel;

export type LeadRow = {
  id: string;
  full_name: string;
  company: string | null;
  email: string;
  /** The number as typed: searched ("0803" finds a lead), never shown. */
  phone: string;
  phone_e164: string;
  role: Lead['role'];
  intended_acres: number;
  price_band: string;
  commitment: Lead['commitment'];
  notes: string | null;
  consent: boolean;
  referral_code: string | null;
  created_at: Date;
  /** The signed-in account that made it (the event's actor), null for a visitor: it is that account's, whatever the email. */
  created_by_user_id: string | null;
  global_position: Position;
};

export const LEAD_COLUMNS = {
  id: 'uuid',
  full_name: 'text',
  company: 'text',
  email: 'text',
  phone: 'text',
  phone_e164: 'text',
  role: 'text',
  intended_acres: 'integer',
  price_band: 'text',
  commitment: 'text',
  notes: 'text',
  consent: 'boolean',
  referral_code: 'text',
  created_at: 'timestamptz',
  created_by_user_id: 'uuid',
  global_position: 'bigint',
} as const satisfies SqlTypes<LeadRow>;

const NOT_SHOWN = ['phone', 'created_by_user_id', 'global_position'] as const;

/** The columns a Lead is made of. */
export type LeadView = Omit<LeadRow, (typeof NOT_SHOWN)[number]>;

/** SELECT list of a LeadView. */
export const LEAD_VIEW_COLUMNS = selectList(LEAD_COLUMNS, { omit: NOT_SHOWN });

export const toLead = (row: LeadView): Lead => ({
  id: row.id,
  fullName: row.full_name,
  company: row.company,
  email: row.email,
  phoneE164: row.phone_e164,
  role: row.role,
  intendedAcres: row.intended_acres,
  priceBand: row.price_band,
  commitment: row.commitment,
  notes: row.notes,
  consent: row.consent,
  referralCode: row.referral_code,
  createdAt: row.created_at.toISOString(),
});
