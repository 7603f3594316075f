import type { AuditEntry, AuditSubjectType } from '@acres/contracts/audit-log';

/** Who acted, as the admin reads it: people by name (the owner's account by username), never by a piece of an id or a digest. */
export function actorLabel(entry: Pick<AuditEntry, 'actorKind' | 'actorId' | 'actorName'>): string {
  switch (entry.actorKind) {
    case 'admin':
      return entry.actorName ?? entry.actorId ?? 'Admin';
    case 'investor':
      return entry.actorName ?? 'An investor';
    case 'affiliate':
      return entry.actorName ?? 'An affiliate';
    case 'applicant':
      return 'Applicant';
    case 'contact':
      // Known only by a keyed digest of their address (unsubscribe links): no name to show.
      return 'A contact';
    case 'system':
      return 'System (configuration)';
  }
}

export const SUBJECT_LABELS: Readonly<Record<AuditSubjectType, string>> = {
  payment: 'Payment',
  application: 'Application',
  affiliate: 'Affiliate',
  sale: 'Sale',
  payout: 'Payout',
  settings: 'Settings',
  projection: 'Projection',
  notification: 'Message',
  account: 'Account',
  document: 'Document',
  lead: 'Lead',
  consent: 'Contact',
  person: 'Person',
  staff: 'Staff member',
  log: 'Integrity check',
};

/**
 * The admin tab where the subject lives (the tab's value, which is also its name in lower
 * case); null when no tab shows it (an account's sign-in details have no admin view).
 */
export const SUBJECT_TABS: Readonly<Record<AuditSubjectType, string | null>> = {
  payment: 'payments',
  application: 'applications',
  affiliate: 'affiliates',
  sale: 'affiliates',
  payout: 'affiliates',
  settings: 'settings',
  projection: 'operations',
  notification: 'outbox',
  account: null,
  consent: 'outbox',
  person: null,
  staff: 'staff',
  document: 'documents',
  lead: 'leads',
  log: 'audit',
};

/** Subjects whose id is itself a word a person knows: an application's number, a projection's name. */
const READABLE_IDS = new Set<AuditSubjectType>(['application', 'projection']);

/**
 * The subject in words: its kind with the person's name or email while their record lasts, an
 * application by its number, else the kind alone; never an id, a piece of one or a digest.
 */
export function subjectLabel(entry: Pick<AuditEntry, 'subjectType' | 'subjectId' | 'subjectName'>): string {
  if (entry.subjectType === 'settings') return 'Business settings';
  const kind = SUBJECT_LABELS[entry.subjectType];
  if (entry.subjectName) return `${kind}: ${entry.subjectName}`;
  return READABLE_IDS.has(entry.subjectType) ? `${kind} ${entry.subjectId}` : kind;
}
