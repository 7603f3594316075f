import { parseEvent } from '@acres/contracts';
import { foldEvents, settingsDecider, type SettingsEvent, type SettingsState } from '@acres/domain';
import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import { SETTINGS_STREAM_ID } from './streams.ts';

export type LoadedSettings = { state: SettingsState; recorded: RecordedEvent[] };

/** The settings as the settings stream says (the command side never reads a read model). */
export const loadSettings = async (eventStore: EventStore): Promise<LoadedSettings> => {
  const recorded = await eventStore.readStream(SETTINGS_STREAM_ID);
  const state = foldEvents(
    settingsDecider,
    recorded.map((event) => parseEvent(event.type, event.data) as SettingsEvent),
  );
  return { state, recorded };
};
