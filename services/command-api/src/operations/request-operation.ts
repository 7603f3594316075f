// An admin's operation on a projection: recorded as a request the projector process
// carries out (see services/projector/src/operations/worker.ts for why it runs there).
// The request waits for the projector's verdict so the admin gets a real answer: a
// rebuild answers once it has started (202; its progress is then polled), resume and skip
// once done (200), and a refusal with the CLI's own reason (404 unknown projection, 409
// not stopped there, another rebuild under way).

import { setTimeout as sleep } from 'node:timers/promises';
import type { ProjectionOperation, ProjectionOperationKind } from '@acres/contracts/projection-operations';
import { DomainError } from '@acres/contracts/errors';
import type { Pool } from '@acres/platform/db';
import type { CommandDeps } from '../commands/deps.ts';
import type { CommandContext } from '../commands/handle-command.ts';
import { toNewEvents } from '../commands/event-metadata.ts';
import { insertOperation, readOperation, sweepOperations, UNIQUE_VIOLATION, withdrawOperation } from './operation-rows.ts';

/** How long a request waits for a projector to take it up before it is withdrawn (503). */
export const PICKUP_TIMEOUT_MS = 10_000;
/** Resume and skip wait for the running projection to hand itself over (the CLI's 30 s) and a little more. */
const FINISH_TIMEOUT_MS = 40_000;
const FIRST_POLL_MS = 20;
const POLL_MS = 100;

export const projectionStreamId = (projection: string) => `projection-${projection}`;

const answerOf = (operation: ProjectionOperation & { refusal: string | null }) => {
  if (operation.status === 'refused') {
    if (operation.refusal === 'not_found')
      throw new DomainError('not_found', operation.message ?? 'No such projection', [
        { field: 'name', message: operation.message ?? 'No such projection' },
      ]);
    throw new DomainError('conflict', operation.message ?? 'Refused; nothing was changed');
  }
  if (operation.status === 'failed' && operation.kind !== 'rebuild')
    throw new DomainError('conflict', `The ${operation.kind} failed: ${operation.message ?? 'see the projector log'}`);
  const { refusal: _refusal, ...answer } = operation;
  return answer;
};

const settled = (kind: ProjectionOperationKind, status: ProjectionOperation['status']) =>
  status !== 'requested' && (kind === 'rebuild' || status !== 'running');

const waitForVerdict = async (pool: Pool, id: string, kind: ProjectionOperationKind) => {
  const started = Date.now();
  let withdrawable = true;
  for (;;) {
    const operation = await readOperation(pool, id);
    if (!operation) throw new Error(`operation ${id} vanished`);
    if (settled(kind, operation.status)) return answerOf(operation);
    const waited = Date.now() - started;
    if (withdrawable && operation.status === 'requested' && waited > PICKUP_TIMEOUT_MS) {
      if (await withdrawOperation(pool, id))
        throw new DomainError(
          'unavailable',
          'No projector process took the request up within 10 s (is the projector running?). Nothing was changed.',
        );
      withdrawable = false;
    }
    if (waited > FINISH_TIMEOUT_MS)
      throw new DomainError('unavailable', 'The projector has not finished it yet; see the Operations tab.');
    // Most verdicts come within a poll of the projector's; look often at first.
    await sleep(waited < 1_000 ? FIRST_POLL_MS : POLL_MS);
  }
};

export const requestProjectionOperation = async (options: {
  deps: CommandDeps;
  pool: Pool;
  kind: ProjectionOperationKind;
  projection: string;
  position?: string;
  reason?: string;
  adminUsername: string;
  context: CommandContext;
}) => {
  const { pool, deps, context } = options;
  const id = deps.newId();
  const requestedBy = `admin:${options.adminUsername}`;
  await sweepOperations(pool);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      await insertOperation(client, {
        id,
        kind: options.kind,
        projection: options.projection,
        requestedBy,
        actor: context.actor,
        correlationId: context.correlationId,
        position: options.position ?? null,
        reason: options.reason ?? null,
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION)
        throw new DomainError('conflict', `A rebuild of '${options.projection}' is already under way; wait for it to finish.`);
      throw error;
    }
    if (options.kind === 'rebuild') {
      // Appended before the request is visible to a projector, so the log reads requested → completed.
      const events = toNewEvents({
        events: [
          {
            type: 'ProjectionRebuildRequested',
            data: { operationId: id, projection: options.projection, requestedBy, requestedAt: context.now.toISOString() },
          },
        ],
        streamId: projectionStreamId(options.projection),
        context,
        newEventId: deps.newId,
        freshIds: true,
      });
      await deps.eventStore.appendToStream(projectionStreamId(options.projection), events, { expectedRevision: 'any' });
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return waitForVerdict(pool, id, options.kind);
};
