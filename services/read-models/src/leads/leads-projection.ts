// SPEC 3 leads, from SlotReserved (the table and its row: @acres/read-models/leads).

import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { LEAD_COLUMNS, LEADS, type LeadRow } from './leads.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import { createBulkInsert } from '../shared/projection/bulk-insert.ts';
import { createdByUserOf, mapEvents, parseEventData, type Projection } from '../shared/projection/projection.ts';
import { withErasure } from '../shared/projection/with-erasure.ts';
import { eraseLeadRows } from '../shared/projection/erasers.ts';

const toRow = (event: RecordedEvent): RowToWrite<LeadRow> => {
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
    created_by_user_id: createdByUserOf(event),
    global_position: event.globalPosition.toString(),
  };
};

export const createLeadsProjection = (options: { name?: string; table?: string } = {}): Projection => {
  const table = options.table ?? LEADS.table;
  const insertRows = createBulkInsert({ table, columns: LEAD_COLUMNS, key: 'id' });

  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    await insertRows(client, mapEvents(events, toRow));
  };

  return withErasure(
    {
      name: options.name ?? LEADS.name,
      handles: ['SlotReserved'],
      tables: [table],
      apply: (client, event) => applyBatch(client, [event]),
      applyBatch,
    },
    eraseLeadRows(table),
  );
};
