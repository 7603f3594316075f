// The product's own moves in the lead pipeline (issue 27 item 2), in the projector process
// beside the read models they are found in: every few seconds, the leads whose verified person
// has applied or had a payment approved (read-models' findLeadAdvances) are moved to applied or
// paid by the lead's decider, as the system. The decider is the guard: a lead already there or
// further on gets no event, and two projector processes meet on the stream's revision, so a
// move is recorded once however many sweeps see it.

import { randomUUID } from 'node:crypto';
import { getEventVersion, parseEvent } from '@acres/contracts/events';
import { foldEvents, leadDecider, SYSTEM_ACTOR_ID, type LeadEvent } from '@acres/domain';
import { isWrongExpectedVersion, type EventStore } from '@acres/eventstore/port';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { findLeadAdvances, type LeadAdvance } from '@acres/read-models/lead-reactions';
import { repeatEvery } from '../shared/repeat-every.ts';

/** The command API's name of a lead's stream (command-api/src/leads/streams.ts). */
const leadStreamId = (leadId: string) => `lead-${leadId}`;

export type LeadAdvanceDeps = { pool: Pool; eventStore: EventStore; now: () => Date };

const advance = async (deps: LeadAdvanceDeps, move: LeadAdvance): Promise<boolean> => {
  const streamId = leadStreamId(move.leadId);
  const recorded = await deps.eventStore.readStream(streamId);
  const last = recorded.at(-1);
  if (!last) return false;
  const state = foldEvents(
    leadDecider,
    recorded.map((event) => parseEvent(event.type, event.data) as LeadEvent),
  );
  const now = deps.now();
  const events = leadDecider.decide({ type: 'AdvanceLead', leadId: move.leadId, to: move.to, cause: move.cause, now }, state);
  if (events.length === 0) return false;
  const correlationId = randomUUID();
  try {
    await deps.eventStore.appendToStream(
      streamId,
      events.map((event) => ({
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          correlationId,
          causationId: null,
          actor: { kind: 'system', id: SYSTEM_ACTOR_ID },
          schemaVersion: getEventVersion(event.type),
          occurredAt: now.toISOString(),
        },
      })),
      { expectedRevision: last.streamPosition },
    );
    return true;
  } catch (error) {
    // Someone else wrote to the lead meanwhile: the next sweep decides again on the new stream.
    if (isWrongExpectedVersion(error)) return false;
    throw error;
  }
};

/** One sweep: answers how many leads it moved. */
export const advanceLeadsOnce = async (deps: LeadAdvanceDeps): Promise<number> => {
  let moved = 0;
  for (const move of await findLeadAdvances(deps.pool)) if (await advance(deps, move)) moved += 1;
  return moved;
};

export type LeadAdvancesWorker = { stop: () => Promise<void> };

export const startLeadAdvances = (deps: LeadAdvanceDeps & { logger: Logger; everyMs?: number }): LeadAdvancesWorker => {
  const stop = repeatEvery(
    deps.everyMs ?? 5000,
    async () => {
      const moved = await advanceLeadsOnce(deps);
      if (moved > 0) deps.logger.info({ moved }, 'leads moved on by their applications and payments');
    },
    (error) => deps.logger.warn({ err: error }, 'lead pipeline sweep failed; trying again'),
  );
  return { stop };
};
