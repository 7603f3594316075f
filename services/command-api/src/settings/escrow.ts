import { isEscrowAccountSet, toBusinessTerms, type BusinessTerms } from '@acres/contracts';
import type { EventStore } from '@acres/eventstore/port';
import { loadSettings } from './load-settings.ts';

/** Whether investors have been told where to pay: the escrow account is set on the settings stream. */
export const readEscrowAccountSet = async (eventStore: EventStore): Promise<boolean> =>
  isEscrowAccountSet((await loadSettings(eventStore)).state.settings);

/** The business terms in force, as the settings stream says: what every server check measures against. */
export const readBusinessTerms = async (eventStore: EventStore): Promise<BusinessTerms> =>
  toBusinessTerms((await loadSettings(eventStore)).state.settings);

/** Both, from one read of the settings stream. */
export const readPaymentSettings = async (eventStore: EventStore) => {
  const { settings } = (await loadSettings(eventStore)).state;
  return { escrowAccountSet: isEscrowAccountSet(settings), terms: toBusinessTerms(settings) };
};
