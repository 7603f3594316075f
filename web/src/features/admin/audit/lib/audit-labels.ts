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
};

/** A uuid shows its first block; an application number or a name shows whole. */
export function shortSubjectId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? id.slice(0, 8) : id;
}
