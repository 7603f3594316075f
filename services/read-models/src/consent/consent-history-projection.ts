// The consent history (issue 14, item 4): each ConsentRecorded, ContactOptedOut and
// ContactOptedIn becomes one row keyed by its position, so a replay is a no-op. Addresses are
// turned into their key-holder ids here and never stored (@acres/read-models/consent-history).

import { ERASED } from '@acres/contracts/personal-data';
import type { RecordedEvent } from '@acres/eventstore/port';
import { subjectIdOf } from '@acres/eventstore/protect';
import type { PoolClient } from '@acres/platform/db';
import type { ConsentSource, SuppressionSource } from '@acres/contracts/events';
import { CONSENT_HISTORY, suppressionContactOf, type ConsentHistoryRow } from './consent-history.ts';
import { mapEvents, parseEventData, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

type Row = Omit<ConsentHistoryRow, 'occurred_at'> & { occurred_at: string };

const COLUMNS = [
  'global_position',
  'kind',
  'subject',
  'contacts',
  'channels',
  'purposes',
  'text_id',
  'text_version',
  'text_digest',
  'version_stated_by_client',
  'source',
  'recorded_by',
  'occurred_at',
] as const satisfies readonly (keyof Row)[];

const contactOf = (channel: 'email' | 'sms' | 'whatsapp', address: string) =>
  // An erased opt-out's address reads as ERASED: the row keeps its choice but names no contact.
  address === ERASED ? null : subjectIdOf({ kind: 'contact', channel, address });

// The history's sources are the consent events': a suppression's source said the same way.
const SOURCE_OF: Readonly<Record<SuppressionSource, (channel: string) => ConsentSource>> = {
  unsubscribe: () => 'email-link',
  stop: (channel) => (channel === 'whatsapp' ? 'whatsapp-reply' : 'sms-reply'),
  start: (channel) => (channel === 'whatsapp' ? 'whatsapp-reply' : 'sms-reply'),
  'lead-form': () => 'lead-form',
  dashboard: () => 'dashboard',
  admin: () => 'admin',
};

/** An opt-out or opt-in: one channel and purpose, and none of a consent's subject or text. */
const optRowOf = (
  event: RecordedEvent,
  optedOut: boolean,
  fields: Pick<Row, 'contacts' | 'source' | 'recorded_by' | 'occurred_at'> & {
    channel: Row['channels'][number];
    purpose: Row['purposes'][number];
  },
): Row => ({
  global_position: event.globalPosition.toString(),
  kind: optedOut ? 'opted-out' : 'opted-in',
  subject: null,
  contacts: fields.contacts,
  channels: [fields.channel],
  purposes: [fields.purpose],
  text_id: null,
  text_version: null,
  text_digest: null,
  version_stated_by_client: null,
  source: fields.source,
  recorded_by: fields.recorded_by,
  occurred_at: fields.occurred_at,
});

/** Only a suppression that stands alone: beside a consent event it would say the same twice. */
const suppressionRowOf = (event: RecordedEvent): Row | null => {
  const type = event.type as 'MessagingSuppressed' | 'MessagingResumed';
  const data = parseEventData(type, event);
  if (!data.withoutAddress) return null;
  return optRowOf(event, type === 'MessagingSuppressed', {
    contacts: [suppressionContactOf(data.digest)],
    channel: data.channel,
    purpose: data.purpose,
    source: SOURCE_OF[data.source](data.channel),
    recorded_by: data.by,
    occurred_at: data.at,
  });
};

const toRow = (event: RecordedEvent): Row | null => {
  const position = event.globalPosition.toString();
  if (event.type === 'ConsentRecorded') {
    const data = parseEventData('ConsentRecorded', event);
    const contacts = data.contacts === ERASED ? [] : data.contacts;
    return {
      global_position: position,
      kind: 'consent-given',
      subject: `${data.subjectKind}:${data.subjectId}`,
      contacts: [...new Set(contacts.flatMap((c) => contactOf(c.channel, c.address) ?? []))],
      channels: contacts.map((c) => c.channel),
      purposes: data.purposes,
      text_id: data.textId,
      text_version: data.textVersion,
      text_digest: data.textDigest,
      // Events from before the field all named their version.
      version_stated_by_client: data.versionStatedByClient ?? true,
      source: data.source,
      recorded_by: null,
      occurred_at: data.at,
    };
  }
  if (event.type === 'MessagingSuppressed' || event.type === 'MessagingResumed') return suppressionRowOf(event);
  if (event.type !== 'ContactOptedOut' && event.type !== 'ContactOptedIn') return null;
  const data = parseEventData(event.type, event);
  const contact = contactOf(data.channel, data.address);
  return optRowOf(event, event.type === 'ContactOptedOut', {
    contacts: contact ? [contact] : [],
    channel: data.channel,
    purpose: data.purpose,
    source: data.source,
    recorded_by: data.recordedBy ?? null,
    occurred_at: data.at,
  });
};

export const createConsentHistoryProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, CONSENT_HISTORY);
  const [tableName] = tables;
  const table = quoteIdentifier(tableName);
  const apply = async (client: PoolClient, event: RecordedEvent) => {
    const row = toRow(event);
    if (!row) return;
    await client.query(
      `INSERT INTO ${table} (global_position, kind, subject, contacts, channels, purposes, text_id, text_version,
                             text_digest, version_stated_by_client, source, recorded_by, occurred_at)
       VALUES ($1::bigint, $2, $3, $4::text[], $5::text[], $6::text[], $7, $8, $9, $10, $11, $12, $13::timestamptz)
       ON CONFLICT (global_position) DO NOTHING`,
      [
        row.global_position,
        row.kind,
        row.subject,
        row.contacts,
        row.channels,
        row.purposes,
        row.text_id,
        row.text_version,
        row.text_digest,
        row.version_stated_by_client,
        row.source,
        row.recorded_by,
        row.occurred_at,
      ],
    );
  };
  // Every new lead records a consent: one statement per batch, not per event, on the live path.
  // The text[] columns travel as JSON arrays (unnest would flatten them).
  const batchSql = `INSERT INTO ${table} (${COLUMNS.join(', ')})
    SELECT ${COLUMNS.join(', ')} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
    ON CONFLICT (global_position) DO NOTHING`;
  const applyBatch = async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const rows = mapEvents(events, toRow).filter((row): row is Row => row !== null);
    if (rows.length === 0) return;
    await client.query(batchSql, [JSON.stringify(rows)]);
  };
  return {
    name,
    handles: ['ConsentRecorded', 'ContactOptedOut', 'ContactOptedIn', 'MessagingSuppressed', 'MessagingResumed'],
    tables,
    apply,
    applyBatch,
  };
};
