// Where each lead stands in the sales desk's pipeline (issue 27 item 2): its stage, owner,
// first contact and last activity, and when it first reached applied and paid. One row per
// lead, from its stream's events; each update applies only past the row's own position, so a
// replayed event changes nothing. No personal data: ids, stages and times.

import { isContactActivity, UNASSIGNED_OWNER } from '@acres/contracts/lead-pipeline';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { defineReadModel } from '../shared/read-model.ts';
import { parseEventData, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { defineProjection, resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

export const LEAD_PIPELINE = defineReadModel('lead-pipeline', 'lead_pipeline', '1700000000042_lead-pipeline.sql');

export const LEAD_PIPELINE_EVENTS = ['SlotReserved', 'LeadOwnerAssigned', 'LeadStageMoved', 'LeadActivityLogged'] as const;

/** The stages whose first reach is the lead's first contact when it had none. */
const CONTACT_STAGES = `('contacted', 'materials_sent')`;

const statementsFor = (table: string) => {
  const t = quoteIdentifier(table);
  const newer = 'WHERE lead_id = $1 AND global_position < $2::bigint';
  return {
    reserved: `INSERT INTO ${t} (lead_id, created_at, stage, owner_id, stage_changed_at, global_position)
               VALUES ($1, $3, 'new', '${UNASSIGNED_OWNER}', $3, $2::bigint) ON CONFLICT (lead_id) DO NOTHING`,
    owner: `UPDATE ${t} SET owner_id = $3, global_position = $2::bigint ${newer}`,
    stage: `UPDATE ${t}
               SET stage = $3, stage_changed_at = $4,
                   first_contact_at = CASE WHEN $3 IN ${CONTACT_STAGES} THEN coalesce(first_contact_at, $4) ELSE first_contact_at END,
                   applied_at = CASE WHEN $3 IN ('applied', 'paid') THEN coalesce(applied_at, $4) ELSE applied_at END,
                   paid_at = CASE WHEN $3 = 'paid' THEN coalesce(paid_at, $4) ELSE paid_at END,
                   global_position = $2::bigint
             ${newer}`,
    activity: `UPDATE ${t}
                  SET last_activity_at = greatest(last_activity_at, $3),
                      first_contact_at = CASE WHEN $4 THEN coalesce(first_contact_at, $3) ELSE first_contact_at END,
                      global_position = $2::bigint
                ${newer}`,
  };
};

const applyEvent = async (client: PoolClient, sql: ReturnType<typeof statementsFor>, event: RecordedEvent) => {
  const position = event.globalPosition.toString();
  switch (event.type) {
    case 'SlotReserved': {
      const data = parseEventData('SlotReserved', event);
      await client.query(sql.reserved, [data.leadId, position, data.reservedAt]);
      return;
    }
    case 'LeadOwnerAssigned': {
      const data = parseEventData('LeadOwnerAssigned', event);
      await client.query(sql.owner, [data.leadId, position, data.ownerId]);
      return;
    }
    case 'LeadStageMoved': {
      const data = parseEventData('LeadStageMoved', event);
      await client.query(sql.stage, [data.leadId, position, data.to, data.movedAt]);
      return;
    }
    case 'LeadActivityLogged': {
      const data = parseEventData('LeadActivityLogged', event);
      await client.query(sql.activity, [data.leadId, position, data.loggedAt, isContactActivity(data.kind)]);
      return;
    }
    default:
      throw new Error(`lead-pipeline does not handle ${event.type}`);
  }
};

export const createLeadPipelineProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, LEAD_PIPELINE);
  const sql = statementsFor(tables[0]);
  return defineProjection({
    name,
    handles: LEAD_PIPELINE_EVENTS,
    tables,
    // A lead's events are few and in order: one statement each keeps every rule in one place.
    applyBatch: async (client, events) => {
      for (const event of events) await applyEvent(client, sql, event);
    },
  });
};
