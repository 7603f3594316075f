import type { BusinessSettingsForm, BusinessSettingsUpdated } from '@acres/contracts';
import { settingsDecider } from '@acres/domain';
import type { AdminCommandOptions } from '../commands/deps.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { SETTINGS_STREAM_ID } from './streams.ts';

/** ChangeBusinessSettings by the admin: the changed fields, old → new, in one event on the settings stream. */
export const changeBusinessSettings = async (
  options: AdminCommandOptions<{ settings: BusinessSettingsForm }>,
): Promise<BusinessSettingsUpdated> => {
  const { deps, context } = options;
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: settingsDecider,
    streamId: SETTINGS_STREAM_ID,
    command: {
      type: 'ChangeBusinessSettings',
      now: context.now,
      changer: { source: 'admin', username: options.adminUsername },
      settings: options.settings,
    },
    context,
    newEventId: deps.newId,
    toResult: (events, position) => ({
      changes: events.flatMap((event) => event.data.changes),
      position: position.toString(),
    }),
  });
  return result;
};
