import { SETTINGS_RULES, type BusinessSettingsForm, type BusinessSettingsUpdated } from '@acres/contracts';
import { settingsDecider } from '@acres/domain';
import type { AdminCommandOptions } from '../commands/deps.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { loadSettings } from './load-settings.ts';
import { checkNewPhotos, type PhotoFiles } from './project-photos.ts';
import { SETTINGS_STREAM_ID } from './streams.ts';

/** The gallery as the request gives it: undefined when left out, null when cleared (or not valid: the decider says why). */
const givenPhotos = (settings: BusinessSettingsForm): string | null | undefined => {
  const value = settings.projectPhotos as string | undefined;
  if (value === undefined) return undefined;
  return value.trim() === '' ? null : SETTINGS_RULES.projectPhotos(value.trim());
};

/** ChangeBusinessSettings by the admin: the changed fields, old → new, in one event on the settings stream. */
export const changeBusinessSettings = async (
  options: AdminCommandOptions<{ settings: BusinessSettingsForm; files?: PhotoFiles | undefined }>,
): Promise<BusinessSettingsUpdated> => {
  const { deps, context } = options;
  const after = givenPhotos(options.settings);
  if (after !== undefined) {
    const before = (await loadSettings(deps.eventStore)).state.settings.projectPhotos;
    await checkNewPhotos({ files: options.files, before, after });
  }
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
