// SubjectErased in the notifier (issue 14 item 2): what it keeps of the person goes, in the
// follower's transaction. Its messages (to the person's addresses, and any message planned
// from an event sealed for the person, such as the admin's new-lead alert naming them) are
// deleted with their local outbox files: a message's id names its recipient, so the row
// cannot be kept without it. Its opt-outs, its address-book entries and the "who" of its
// waiting items go too. Rows are matched by the contact subject of their address
// (subjectIdOf), as the erasure event names no address.

import { rm } from 'node:fs/promises';
import { ERASED } from '@acres/contracts/personal-data';
import { parseEvent, type NotificationChannel } from '@acres/contracts/events';
import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import { readSealedPositions, subjectIdOf } from '@acres/eventstore/protect';
import type { PoolClient } from '@acres/platform/db';
import { outboxFileOf } from '../channels/outbox.ts';

const contactOf = (channel: NotificationChannel, address: string | null) =>
  address ? subjectIdOf({ kind: 'contact', channel, address }) : null;

export type NotifierErasure = { messages: number; optOuts: number; contacts: number; waiting: number };

export const eraseNotifierData = async (
  client: PoolClient,
  options: { subjects: readonly string[]; outboxDir: string | null; log: Pick<EventStore, 'readAll'>; erasedAt: bigint },
): Promise<NotifierErasure> => {
  const subjects = new Set(options.subjects);
  const erased = (id: string | null) => id !== null && subjects.has(id);
  // The events sealed for them, read through the port (either store): messages they caused go too.
  const sealed = await readSealedPositions(options.log, { subjects: options.subjects, upTo: options.erasedAt });
  const positions = sealed.map(String);

  const { rows: messages } = await client.query<{
    id: string;
    channel: NotificationChannel;
    recipient: string;
    event_position: string;
  }>('SELECT id, channel, recipient, event_position::text AS event_position FROM notifications');
  const positionSet = new Set(positions);
  const doomed = messages.filter((row) => erased(contactOf(row.channel, row.recipient)) || positionSet.has(row.event_position));
  if (options.outboxDir) {
    for (const row of doomed) await rm(outboxFileOf(options.outboxDir, row.id), { force: true });
  }
  if (doomed.length > 0)
    await client.query('DELETE FROM notifications WHERE id = ANY($1::text[])', [doomed.map((row) => row.id)]);

  const { rows: optOuts } = await client.query<{ channel: NotificationChannel; address: string }>(
    'SELECT channel, address FROM notifier_opt_outs',
  );
  const optOutsGone = optOuts.filter((row) => erased(contactOf(row.channel, row.address)));
  for (const row of optOutsGone) {
    await client.query('DELETE FROM notifier_opt_outs WHERE channel = $1 AND address = $2', [row.channel, row.address]);
  }

  const { rows: contacts } = await client.query<{ key: string; email: string | null; phone: string | null; name: string | null }>(
    'SELECT key, email, phone, name FROM notifier_contacts',
  );
  const contactsGone = contacts.filter(
    (row) => erased(row.key) || erased(contactOf('email', row.email)) || erased(contactOf('sms', row.phone)),
  );
  if (contactsGone.length > 0) {
    await client.query('DELETE FROM notifier_contacts WHERE key = ANY($1::text[])', [contactsGone.map((row) => row.key)]);
  }

  const applications = options.subjects
    .filter((id) => id.startsWith('application:'))
    .map((id) => id.slice('application:'.length));
  const names = contactsGone.flatMap((row) => [row.name, row.email].filter((value): value is string => !!value));
  const waiting = await client.query(
    `UPDATE notifier_waiting SET who = $4
      WHERE who <> $4 AND (event_position::text = ANY($1::text[])
         OR (kind = 'application' AND item_id = ANY($2::text[])) OR who = ANY($3::text[]))`,
    [positions, applications, names, ERASED],
  );
  return {
    messages: doomed.length,
    optOuts: optOutsGone.length,
    contacts: contactsGone.length,
    waiting: waiting.rowCount ?? 0,
  };
};

/** The follower's hook: SubjectErased's subjects and position, the log, and where the outbox files are. */
export const erasureOf = (
  event: RecordedEvent,
  deps: { eventStore: Pick<EventStore, 'readAll'>; outboxDir?: string | undefined },
) => ({
  subjects: parseEvent('SubjectErased', event.data).data.subjects,
  erasedAt: event.globalPosition,
  log: deps.eventStore,
  outboxDir: deps.outboxDir ?? null,
});
