// An erasure (issue 14 item 2), with the reason the admin gave, and each download of a person's
// data (the security issue, item 3). The entries name the record by kind and id only, which is
// all the events hold; the query names the person while their record lasts.

import type { SubjectErasedData } from '@acres/contracts/events';
import { auditEntry, mention } from './entry.ts';

const RECORD_KINDS = { user: 'account', lead: 'lead', application: 'application', affiliate: 'affiliate' } as const;

const personOf = ({ kind, id }: SubjectErasedData['requested']) => ({
  subject: ['person', `${kind}:${id}`] as const,
  name: mention(RECORD_KINDS[kind], id),
});

export const subjectErased = auditEntry('SubjectErased', 'privacy.erased', (data) => {
  const person = personOf(data.requested);
  const keys = data.subjects.length;
  return {
    at: data.erasedAt,
    actor: ['admin', data.erasedBy],
    subject: person.subject,
    summary: `Erased the personal data of ${person.name} (${keys} key${keys === 1 ? '' : 's'} destroyed)`,
    notes: data.reason,
  };
});

export const dataExported = auditEntry('PersonalDataExported', 'privacy.exported', (data) => {
  const person = personOf(data.requested);
  return {
    at: data.exportedAt,
    actor: ['admin', data.exportedBy],
    subject: person.subject,
    summary: `Downloaded the personal data of ${person.name}`,
  };
});
