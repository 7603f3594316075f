// The admin's erasure (issue 14 item 2), in the order that leaves nothing readable if it
// stops half way: keys destroyed first (idempotent), then SubjectErased (once per record:
// a second run answers 409 but still repeats the cleanup), then the person's uploaded
// images, sessions and password credentials.

import { DomainError } from '@acres/contracts/errors';
import { parseEvent } from '@acres/contracts';
import { erasureStreamId } from '@acres/contracts/events';
import type { ErasureDone, ErasurePreview, ErasureTarget, Person, PersonLookup } from '@acres/contracts/erasure';
import { erasureDecider } from '@acres/domain';
import type { KeyVault } from '@acres/eventstore/protect';
import type { Pool } from '@acres/platform/db';
import { endSessionsOfUser } from '@acres/platform/sessions';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import { deleteCredentials } from '../identity/credentials.ts';
import { objectIdOf, type ObjectStore } from '../uploads/object-store.ts';
import { listObjectPathsOfUsers } from '../uploads/objects.ts';
import { findPerson, subjectsOf } from './find-person.ts';
import { findSharedContacts } from './shared-contacts.ts';

/** The person's key holders, less the contacts another live record still uses (shared-contacts.ts). */
const subjectsToErase = async (deps: ErasureDeps, person: Person) => {
  const shared = await findSharedContacts(deps.personLookup, person);
  return subjectsOf(person).filter((subject) => !shared.has(subject));
};

export type ErasureDeps = CommandDeps & { pool: Pool; vault: KeyVault; objectStore: ObjectStore; personLookup: PersonLookup };

export const ERASURE_ANSWERS = {
  notFound: 'No such record: nothing to erase',
  alreadyErased: 'This record has already been erased; its uploaded images, sessions and passwords were removed again',
} as const;

const previousErasure = async (deps: ErasureDeps, target: ErasureTarget) => {
  const [event] = await deps.eventStore.readStream(erasureStreamId(target.kind, target.id), { maxCount: 1 });
  return event ? parseEvent('SubjectErased', event.data).data : null;
};

/** What erasing would touch, for the admin to see before confirming. */
export const previewErasure = async (deps: ErasureDeps, target: ErasureTarget): Promise<ErasurePreview> => {
  const [person, previous] = await Promise.all([findPerson(deps, target), previousErasure(deps, target)]);
  if (!person && !previous) throw new DomainError('not_found', ERASURE_ANSWERS.notFound);
  const records = person?.records ?? [];
  const counts: ErasurePreview['counts'] = {};
  for (const record of records) counts[record.kind] = (counts[record.kind] ?? 0) + 1;
  return {
    requested: target,
    subjects: previous?.subjects ?? (person ? await subjectsToErase(deps, person) : []),
    records,
    counts,
    objects: person?.objectPaths.size ?? 0,
    alreadyErased: previous !== null,
  };
};

const userIdsOf = (subjects: readonly string[]) =>
  subjects.filter((subject) => subject.startsWith('user:')).map((subject) => subject.slice('user:'.length));

/** Deletes the images, their rows, the sessions and the passwords; each step is a no-op the second time. */
const cleanUp = async (deps: ErasureDeps, options: { subjects: readonly string[]; person: Person | null }) => {
  let objectsDeleted = 0;
  const paths = new Set(options.person?.objectPaths ?? []);
  const userIds = userIdsOf(options.subjects);
  for (const objectPath of await listObjectPathsOfUsers(deps.pool, userIds)) paths.add(objectPath);
  for (const objectPath of paths) {
    const objectId = objectIdOf(objectPath);
    if (!objectId) continue;
    await deps.objectStore.deleteObject(objectId);
    const deleted = await deps.pool.query('DELETE FROM uploaded_objects WHERE object_path = $1', [objectPath]);
    objectsDeleted += deleted.rowCount ?? 0;
  }
  let sessionsEnded = 0;
  let credentialsDeleted = 0;
  for (const userId of userIds) {
    sessionsEnded += await endSessionsOfUser(deps.pool, userId);
    const before = await deps.pool.query('SELECT 1 FROM credentials WHERE user_id = $1', [userId]);
    await deleteCredentials(deps.pool, userId);
    credentialsDeleted += before.rowCount ?? 0;
  }
  return { objectsDeleted, sessionsEnded, credentialsDeleted };
};

export const eraseSubject = async (options: {
  deps: ErasureDeps;
  target: ErasureTarget;
  reason: string;
  erasedBy: string;
  context: CommandContext;
}): Promise<ErasureDone> => {
  const { deps, target, context } = options;
  const [person, previous] = await Promise.all([findPerson(deps, target), previousErasure(deps, target)]);
  if (previous) {
    await deps.vault.destroy(previous.subjects, { at: context.now });
    await cleanUp(deps, { subjects: previous.subjects, person });
    throw new DomainError('conflict', ERASURE_ANSWERS.alreadyErased);
  }
  if (!person) throw new DomainError('not_found', ERASURE_ANSWERS.notFound);
  const subjects = await subjectsToErase(deps, person);
  const destroyed = await deps.vault.destroy(subjects, { at: context.now });
  const erasureId = deps.newId();
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: erasureDecider,
    streamId: erasureStreamId(target.kind, target.id),
    command: {
      type: 'EraseSubject',
      erasureId,
      requested: target,
      subjects,
      reason: options.reason,
      erasedBy: options.erasedBy,
      now: context.now,
    },
    context,
    newEventId: deps.newId,
    toResult: (_events, position) => position.toString(),
  });
  const cleaned = await cleanUp(deps, { subjects, person });
  return { erasureId, subjects, keysDestroyed: destroyed.length, ...cleaned, position: result };
};
