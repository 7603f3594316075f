// The person erasure acts on: their records as the read models know them (the lookup port),
// and the images their accounts uploaded, which the command side keeps itself.

import { subjectIdOf } from '@acres/eventstore/protect';
import type { Queryable } from '@acres/platform/db';
import { listObjectPathsOfUsers } from '../uploads/objects.ts';
import type { Person, PersonLookup, RecordRef } from '@acres/contracts/erasure';

export const findPerson = async (
  deps: { personLookup: PersonLookup; pool: Queryable },
  target: RecordRef,
): Promise<Person | null> => {
  const person = await deps.personLookup.findPerson(target);
  if (!person) return null;
  for (const objectPath of await listObjectPathsOfUsers(deps.pool, [...person.users])) person.objectPaths.add(objectPath);
  return person;
};

/** Every key holder of the person: their records' subjects and their contacts'. */
export const subjectsOf = (person: Person): string[] => {
  const subjects = new Set<string>();
  for (const id of person.leads) subjects.add(subjectIdOf({ kind: 'lead', id }));
  for (const id of person.applications) subjects.add(subjectIdOf({ kind: 'application', id }));
  for (const id of person.users) subjects.add(subjectIdOf({ kind: 'user', id }));
  for (const id of person.affiliates) subjects.add(subjectIdOf({ kind: 'affiliate', id }));
  // SMS and WhatsApp share a phone's subject; the channel only matters for the digest's input.
  for (const address of person.emails) subjects.add(subjectIdOf({ kind: 'contact', channel: 'email', address }));
  for (const address of person.phones) subjects.add(subjectIdOf({ kind: 'contact', channel: 'sms', address }));
  return [...subjects];
};
