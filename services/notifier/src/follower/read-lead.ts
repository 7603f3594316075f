import { parseEvent, type SlotReservedData } from '@acres/contracts/events';
import { ERASED } from '@acres/contracts/personal-data';
import type { EventStore } from '@acres/eventstore/port';

/** The command API's lead streams (command-api/leads/streams.ts). */
const leadStreamId = (leadId: string) => `lead-${leadId}`;

/**
 * A lead's reservation, read from its own stream when a message to the lead needs it (materials
 * sent days later): the notifier keeps no copy of leads. Undefined once the lead was erased.
 */
export const readLead = async (eventStore: EventStore, leadId: string): Promise<SlotReservedData | undefined> => {
  for (const recorded of await eventStore.readStream(leadStreamId(leadId))) {
    if (recorded.type !== 'SlotReserved') continue;
    const { data } = parseEvent('SlotReserved', recorded.data);
    return data.email === ERASED ? undefined : data;
  }
  return undefined;
};
