// SPEC 3 leads, from SlotReserved.

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { createBulkInsert } from '../bulk-insert.ts';
import { mapEvents, parseEventData, type Projection } from '../projection.ts';

export const LEADS_TABLE = 'leads';

const COLUMNS = {
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
  global_position: 'bigint',
} as const;
type LeadRow = Record<keyof typeof COLUMNS, string | number | boolean | null>;

const toRow = (event: RecordedEvent): LeadRow => {
  const data = parseEventData('SlotReserved', event);
  return {
    id: data.leadId,
    full_name: data.fullName,
    company: data.company,
    email: data.email,
    phone: data.phone,
    phone_e164: data.phoneE164,
    role: data.role,
    intended_acres: data.intendedAcres,
    price_band: data.priceBand,
    commitment: data.commitment,
    notes: data.notes,
    consent: data.consent,
    referral_code: data.referralCode,
    created_at: data.reservedAt,
    global_position: event.globalPosition.toString(),
  };
};

export const createLeadsProjection = (options: { name?: string; table?: string } = {}): Projection => {
  const table = options.table ?? LEADS_TABLE;
  const insertRows = createBulkInsert({ table, columns: COLUMNS, key: 'id' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRow));
  };

  return {
    name: options.name ?? 'leads',
    handles: ['SlotReserved'],
    tables: [table],
    apply: (client, event) => applyBatch(client, [event]),
    applyBatch,
  };
};
