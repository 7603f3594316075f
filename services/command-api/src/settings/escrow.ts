import { isEscrowAccountSet } from '@acres/contracts';
import type { EventStore } from '@acres/eventstore/port';
import { loadSettings } from './load-settings.ts';

/** Whether investors have been told where to pay: the escrow account is set on the settings stream. */
export const readEscrowAccountSet = async (eventStore: EventStore): Promise<boolean> =>
  isEscrowAccountSet((await loadSettings(eventStore)).state.settings);
