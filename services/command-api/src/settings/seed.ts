import { randomUUID } from 'node:crypto';
import type { SettingsField } from '@acres/contracts';
import { settingsDecider } from '@acres/domain';
import { isWrongExpectedVersion } from '@acres/eventstore/port';
import type { FastifyBaseLogger } from 'fastify';
import type { CommandDeps } from '../commands/deps.ts';
import { toNewEvents } from '../commands/event-metadata.ts';
import { loadSettings } from './load-settings.ts';
import { SETTINGS_STREAM_ID } from './streams.ts';

/**
 * At start-up: the configured initial settings become the settings stream's first event
 * (source 'configuration'), so the audit trail starts with them. Once the stream has an
 * event the configuration is ignored: the admin's Settings tab rules. Two processes starting
 * together race on 'no_stream'; the loser finds the winner's event and does nothing.
 */
export const seedSettingsFromConfiguration = async (options: {
  deps: CommandDeps;
  initialSettings: Partial<Record<SettingsField, string>>;
  logger: FastifyBaseLogger;
}): Promise<void> => {
  const { deps, logger } = options;
  try {
    const { state, recorded } = await loadSettings(deps.eventStore);
    if (recorded.length > 0) return;
    const now = deps.now();
    const events = settingsDecider.decide(
      { type: 'ChangeBusinessSettings', now, changer: { source: 'configuration' }, settings: options.initialSettings },
      state,
    );
    if (events.length === 0) return;
    const correlationId = randomUUID();
    const context = {
      correlationId,
      causationId: null,
      actor: { kind: 'system' as const, id: 'configuration' },
      now,
      idempotency: null,
    };
    await deps.eventStore.appendToStream(
      SETTINGS_STREAM_ID,
      toNewEvents({ events, streamId: SETTINGS_STREAM_ID, context, newEventId: deps.newId }),
      { expectedRevision: 'no_stream' },
    );
    logger.info({ fields: events[0]!.data.changes.map((change) => change.field) }, 'business settings seeded from configuration');
  } catch (error) {
    if (isWrongExpectedVersion(error)) return;
    // Not fatal: the site says "not set up yet" and the admin can set them; the next start tries again.
    logger.warn({ err: error }, 'business settings could not be seeded from configuration');
  }
};
