// CheckLogIntegrity: a staff member runs the verifier of the tamper-evident log (the one
// `npm run audit -- verify` and the hourly job run) from the Audit tab. The run is recorded
// where the tab reads the latest check, and a LogIntegrityChecked event names who asked, so
// the Audit log lists it.

import { logIntegrityCheckStreamId } from '@acres/contracts/events';
import type { LogIntegrityCheck } from '@acres/contracts/log-integrity';
import type { LogVerifier } from '@acres/eventstore/chain';
import type { AdminCommandOptions } from '../commands/deps.ts';
import { toNewEvents } from '../commands/event-metadata.ts';

export const checkLogIntegrity = async (
  options: AdminCommandOptions<{ verifier: LogVerifier; staffName: string }>,
): Promise<LogIntegrityCheck> => {
  const { deps, context, verifier } = options;
  const verification = await verifier.verify();
  await verifier.record(verification);
  const checkId = deps.newId();
  const streamId = logIntegrityCheckStreamId(checkId);
  const broken = verification.firstBroken;
  const data = {
    checkId,
    intact: verification.ok,
    eventsChecked: verification.eventsChecked,
    alteredRecordType: broken?.type ?? null,
    brokenKind: broken?.kind ?? null,
    checkedBy: options.adminUsername,
    checkedAt: verification.checkedAt.toISOString(),
  };
  const events = toNewEvents({
    events: [{ type: 'LogIntegrityChecked', data }],
    streamId,
    context,
    newEventId: deps.newId,
    freshIds: true,
  });
  const { position } = await deps.eventStore.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
  return {
    checkedAt: data.checkedAt,
    checkedBy: options.staffName,
    intact: data.intact,
    eventsChecked: data.eventsChecked,
    alteredRecordType: data.alteredRecordType,
    position: position.toString(),
  };
};
