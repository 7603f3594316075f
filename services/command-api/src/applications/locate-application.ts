import type { EventStore } from '@acres/eventstore/port';

/**
 * The stream of an application, from its id. The stream is keyed by the applicant's email
 * (one application per email), but the admin addresses the application by id: the event log
 * itself answers which stream holds that id's submission (through the port, so on either
 * store; PostgreSQL indexes the submission's applicationId, migration 014). The command
 * still decides from that stream alone.
 */
export const findApplicationStream = async (
  eventStore: Pick<EventStore, 'readAll'>,
  applicationId: string,
): Promise<string | null> => {
  const [submitted] = await eventStore.readAll({
    filter: { types: ['ApplicationSubmitted'], data: [{ path: ['applicationId'], values: [applicationId] }] },
    maxCount: 1,
    // A decision may follow its submission at once.
    unsettled: true,
  });
  return submitted?.streamId ?? null;
};
