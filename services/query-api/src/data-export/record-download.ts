// RecordDataExport: each admin download of a person's data is a PersonalDataExported event naming
// the admin, so the Audit log (a read model over the log) shows every one. The query side owns
// this one write because the download is its GET; the event is the command's whole decision
// (a fresh stream per download: nothing to load, nothing to refuse).

import { getEventVersion, parseEvent } from '@acres/contracts';
import type { DataExportQuery } from '@acres/contracts/data-export';
import { dataExportStreamId } from '@acres/contracts/events';
import type { EventStore } from '@acres/eventstore/port';
import { staffOf } from '@acres/platform/admin-auth';
import type { FastifyRequest } from 'fastify';

/** Appends one admin download to the log; throws when it cannot, so the download fails with it. */
export type RecordDataExport = (request: FastifyRequest, requested: DataExportQuery) => Promise<void>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const createDataExportRecorder =
  (deps: { eventStore: EventStore; now: () => Date; newId: () => string }): RecordDataExport =>
  async (request, requested) => {
    const exportedBy = staffOf(request).id;
    const exportId = deps.newId();
    const at = deps.now().toISOString();
    const event = parseEvent('PersonalDataExported', { exportId, requested, exportedBy, exportedAt: at });
    const correlationId = UUID.test(request.id) ? request.id : exportId;
    // A GET is repeated freely (a reload, a proxy's retry) and each repeat hands the data out
    // again: every download is its own stream and event, never folded into an earlier one.
    await deps.eventStore.appendToStream(
      dataExportStreamId(exportId),
      [
        {
          id: deps.newId(),
          type: event.type,
          data: event.data,
          metadata: {
            correlationId,
            causationId: correlationId,
            actor: { kind: 'admin', id: exportedBy },
            schemaVersion: getEventVersion(event.type),
            occurredAt: at,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  };
