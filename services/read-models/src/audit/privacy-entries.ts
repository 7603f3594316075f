// An erasure (issue 14 item 2), with the reason the admin gave, and each download of a person's
// data (the security issue, item 3). The entries name the record by kind and id only, which is
// all the events hold.

import { parseEventData } from '../shared/projection/projection.ts';
import type { Mapper } from './entry.ts';
import { shortId } from './entry.ts';

const RECORD_NAMES = { user: 'account', lead: 'lead', application: 'application', affiliate: 'affiliate' } as const;

export const subjectErased: Mapper = (event) => {
  const data = parseEventData('SubjectErased', event);
  const keys = data.subjects.length;
  return {
    occurred_at: data.erasedAt,
    actor_kind: 'admin',
    actor_id: data.erasedBy,
    kind: 'privacy.erased',
    subject_type: 'person',
    subject_id: `${data.requested.kind}:${data.requested.id}`,
    summary: `Erased the personal data of ${RECORD_NAMES[data.requested.kind]} ${shortId(data.requested.id)} (${keys} key${keys === 1 ? '' : 's'} destroyed)`,
    notes: data.reason,
    changes: null,
  };
};

export const dataExported: Mapper = (event) => {
  const data = parseEventData('PersonalDataExported', event);
  return {
    occurred_at: data.exportedAt,
    actor_kind: 'admin',
    actor_id: data.exportedBy,
    kind: 'privacy.exported',
    subject_type: 'person',
    subject_id: `${data.requested.kind}:${data.requested.id}`,
    summary: `Downloaded the personal data of ${RECORD_NAMES[data.requested.kind]} ${shortId(data.requested.id)}`,
    notes: null,
    changes: null,
  };
};
