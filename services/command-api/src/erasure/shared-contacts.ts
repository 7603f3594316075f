// Which of a person's contacts (email, phone) erasure may shred (issue 24, item 4). A contact's
// key seals every consent event and message about that address, whoever it belongs to: an
// address still on a live lead, application, account or affiliate record outside the person
// being erased is someone else's too (a family's phone, a record that was not joined to this
// person), and shredding it would make that record's messages and choices unreadable.

import { normaliseAddress, subjectIdOf } from '@acres/eventstore/protect';
import type { Person, PersonLookup, RecordRef } from '@acres/contracts/erasure';

const ownRecordsOf = (person: Person): RecordRef[] => [
  ...[...person.leads].map((id) => ({ kind: 'lead' as const, id })),
  ...[...person.applications].map((id) => ({ kind: 'application' as const, id })),
  ...[...person.users].map((id) => ({ kind: 'user' as const, id })),
  ...[...person.affiliates].map((id) => ({ kind: 'affiliate' as const, id })),
];

/** The contact subjects of the person that another live record still uses: their keys are kept. */
export const findSharedContacts = async (lookup: PersonLookup, person: Person): Promise<Set<string>> => {
  // Phones by their digits, as a contact's subject is (normaliseAddress): '+234 803…' and '0803…' differ there.
  const phoneDigits = [...new Set([...person.phones].map((phone) => normaliseAddress(phone)))].filter((digits) => digits !== '');
  const inUse = await lookup.findAddressesInUse({
    emails: [...person.emails].map((email) => normaliseAddress(email)),
    phoneDigits,
    except: ownRecordsOf(person),
  });
  return new Set([
    ...inUse.emails.map((address) => subjectIdOf({ kind: 'contact', channel: 'email', address })),
    ...inUse.phoneDigits.map((address) => subjectIdOf({ kind: 'contact', channel: 'sms', address })),
  ]);
};
