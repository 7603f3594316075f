// The Audit log's one mapping (issue 12): a stored event → its audit row, or null for an event
// that is neither an admin action nor a state change the admin audits (a lead, a profile edit,
// an id claim). The switch is exhaustive over the event catalogue: a new event type fails the
// typecheck here until someone decides whether and how it is audited.

import { formatNaira } from '@acres/contracts/money';
import { EVENT_TYPES, isEventType, type EventType } from '@acres/contracts/events';
import { SETTINGS_FIELD_LABELS } from '@acres/contracts/settings-reads';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { AuditLogRow } from '@acres/read-models/audit-log';
import type { RowToWrite } from '@acres/read-models/read-model';
import { parseEventData } from '../projection.ts';

export type AuditRow = RowToWrite<AuditLogRow>;

type Entry = Omit<AuditRow, 'global_position'>;

// The summary names an id by its first block, as the admin's tables do; the full id is the subject.
const shortId = (id: string) => id.slice(0, 8);

const toNotes = (notes: string) => (notes.trim() === '' ? null : notes);

const acres = (count: number) => `${count} acre${count === 1 ? '' : 's'}`;

const assertNever = (type: never): never => {
  throw new Error(`audit-log has no mapping for event type ${String(type)}`);
};

// Operations name their operator 'admin:<account>' (the Operations tab) or 'cli:<OS user>'.
const operatorOf = (by: string): Pick<Entry, 'actor_kind' | 'actor_id'> =>
  by.startsWith('admin:') ? { actor_kind: 'admin', actor_id: by.slice('admin:'.length) } : { actor_kind: 'system', actor_id: by };

type Mapper = (event: RecordedEvent) => Entry;

// One mapper per audited type, null for the others: the projection reads only the audited
// types, and an unaudited event is never parsed.
const mapperOf = (type: EventType): Mapper | null => {
  switch (type) {
    // Leads, accounts and id claims change no audited state; a tier follows from a verified
    // sale, which is audited itself.
    case 'SlotReserved':
    case 'UserRegistered':
    case 'UserProfileUpdated':
    case 'UserEmailClaimed':
    case 'ReferralCodeClaimed':
    case 'SaleIdClaimed':
    case 'CommissionTierReached':
      return null;
    case 'PaymentProofSubmitted':
      return (event) => {
        const data = parseEventData('PaymentProofSubmitted', event);
        return {
          occurred_at: data.submittedAt,
          kind: 'payment.submitted',
          actor_kind: 'investor',
          actor_id: data.userId,
          subject_type: 'payment',
          subject_id: data.paymentId,
          summary: `Submitted payment ${shortId(data.paymentId)} for ${formatNaira(data.amount)} (${acres(data.acres)})`,
          notes: null,
          changes: null,
        };
      };
    case 'PaymentApproved':
    case 'PaymentRejected': {
      const approved = type === 'PaymentApproved';
      return (event) => {
        const data = parseEventData(approved ? 'PaymentApproved' : 'PaymentRejected', event);
        const amount = data.amount === undefined ? '' : ` for ${formatNaira(data.amount)}`;
        return {
          occurred_at: data.decidedAt,
          kind: approved ? 'payment.approved' : 'payment.rejected',
          actor_kind: 'admin',
          actor_id: data.decidedBy,
          subject_type: 'payment',
          subject_id: data.paymentId,
          summary: `${approved ? 'Approved' : 'Rejected'} payment ${shortId(data.paymentId)}${amount} (${acres(data.acres)})`,
          notes: toNotes(data.adminNotes),
          changes: null,
        };
      };
    }
    case 'ApplicationSubmitted':
      return (event) => {
        const data = parseEventData('ApplicationSubmitted', event);
        return {
          occurred_at: data.submittedAt,
          kind: 'application.submitted',
          actor_kind: 'applicant',
          actor_id: null,
          subject_type: 'application',
          subject_id: data.applicationNumber,
          summary: `Submitted application ${data.applicationNumber} for ${acres(data.acresSubscribed)} (${formatNaira(data.subscriptionValue)})`,
          notes: null,
          changes: null,
        };
      };
    case 'ApplicationApproved':
    case 'ApplicationRejected': {
      const approved = type === 'ApplicationApproved';
      return (event) => {
        const data = parseEventData(approved ? 'ApplicationApproved' : 'ApplicationRejected', event);
        const verified = data.amountVerified === null ? '' : `: ${formatNaira(data.amountVerified)} verified`;
        const receipt = data.escrowReceiptNumber === null ? '' : `, escrow receipt ${data.escrowReceiptNumber}`;
        return {
          occurred_at: data.decidedAt,
          kind: approved ? 'application.approved' : 'application.rejected',
          actor_kind: 'admin',
          actor_id: data.decidedBy,
          subject_type: 'application',
          subject_id: data.applicationNumber,
          summary: `${approved ? 'Approved' : 'Rejected'} application ${data.applicationNumber}${verified}${receipt}`,
          notes: toNotes(data.notes),
          changes: null,
        };
      };
    }
    case 'AffiliateRegistered':
      return (event) => {
        const data = parseEventData('AffiliateRegistered', event);
        return {
          occurred_at: data.joinedAt,
          kind: 'affiliate.registered',
          actor_kind: 'affiliate',
          actor_id: data.affiliateId,
          subject_type: 'affiliate',
          subject_id: data.affiliateId,
          summary: `Registered as affiliate ${shortId(data.affiliateId)} with referral code ${data.referralCode}`,
          notes: null,
          changes: null,
        };
      };
    case 'SaleReported':
      return (event) => {
        const data = parseEventData('SaleReported', event);
        return {
          occurred_at: data.reportedAt,
          kind: 'sale.reported',
          actor_kind: 'affiliate',
          actor_id: data.affiliateId,
          subject_type: 'sale',
          subject_id: data.saleId,
          summary: `Reported sale ${shortId(data.saleId)} of ${acres(data.acres)} for ${formatNaira(data.amountPaid)}`,
          notes: null,
          changes: null,
        };
      };
    case 'SaleVerified':
      return (event) => {
        const data = parseEventData('SaleVerified', event);
        return {
          occurred_at: data.verifiedAt,
          kind: 'sale.verified',
          actor_kind: 'admin',
          actor_id: data.verifiedBy,
          subject_type: 'sale',
          subject_id: data.saleId,
          summary: `Verified sale ${shortId(data.saleId)}: commission ${formatNaira(data.computedCommission)} at ${data.commissionRateBps / 100}%`,
          notes: toNotes(data.notes),
          changes: null,
        };
      };
    case 'SaleRejected':
      return (event) => {
        const data = parseEventData('SaleRejected', event);
        return {
          occurred_at: data.rejectedAt,
          kind: 'sale.rejected',
          actor_kind: 'admin',
          actor_id: data.rejectedBy,
          subject_type: 'sale',
          subject_id: data.saleId,
          summary: `Rejected sale ${shortId(data.saleId)}`,
          notes: toNotes(data.notes),
          changes: null,
        };
      };
    case 'BusinessSettingsChanged':
      return (event) => {
        const data = parseEventData('BusinessSettingsChanged', event);
        const fields = data.changes.map((change) => SETTINGS_FIELD_LABELS[change.field]).join(', ');
        return {
          occurred_at: data.changedAt,
          kind: 'settings.changed',
          actor_kind: data.source === 'admin' ? 'admin' : 'system',
          actor_id: data.changedBy,
          subject_type: 'settings',
          subject_id: 'business',
          summary: data.source === 'admin' ? `Changed settings: ${fields}` : `Set settings from the configuration: ${fields}`,
          notes: null,
          changes: JSON.stringify(data.changes),
        };
      };
    case 'ProjectionRebuildRequested':
      return (event) => {
        const data = parseEventData('ProjectionRebuildRequested', event);
        return {
          occurred_at: data.requestedAt,
          ...operatorOf(data.requestedBy),
          kind: 'projection.rebuild-requested',
          subject_type: 'projection',
          subject_id: data.projection,
          summary: `Requested a rebuild of ${data.projection}`,
          notes: null,
          changes: null,
        };
      };
    case 'ProjectionRebuildCompleted':
      return (event) => {
        const data = parseEventData('ProjectionRebuildCompleted', event);
        const outcome =
          data.outcome === 'swapped'
            ? `Rebuilt ${data.projection}: ${data.eventsReplayed.toLocaleString('en-NG')} events replayed`
            : `Rebuild of ${data.projection} ${data.outcome}; the live tables are untouched`;
        return {
          occurred_at: data.completedAt,
          ...operatorOf(data.requestedBy),
          kind: 'projection.rebuilt',
          subject_type: 'projection',
          subject_id: data.projection,
          summary: outcome,
          notes: data.message,
          changes: null,
        };
      };
    case 'ProjectionResumed':
      return (event) => {
        const data = parseEventData('ProjectionResumed', event);
        return {
          occurred_at: data.resumedAt,
          ...operatorOf(data.resumedBy),
          kind: 'projection.resumed',
          subject_type: 'projection',
          subject_id: data.projection,
          summary: `Resumed ${data.projection}`,
          notes: null,
          changes: null,
        };
      };
    case 'PoisonEventSkipped':
      return (event) => {
        const data = parseEventData('PoisonEventSkipped', event);
        return {
          occurred_at: data.skippedAt,
          ...operatorOf(data.skippedBy),
          kind: 'projection.event-skipped',
          subject_type: 'projection',
          subject_id: data.projection,
          summary: `Skipped ${data.eventType} at position ${data.position} in ${data.projection}`,
          notes: toNotes(data.reason),
          changes: null,
        };
      };
    default:
      return assertNever(type);
  }
};

/** The event types the Audit log records. */
export const AUDITED_EVENT_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => mapperOf(type) !== null);

/** The audit row of a stored event, or null when its type is not audited (or not in the catalogue). */
export const toAuditRow = (event: RecordedEvent): AuditRow | null => {
  const map = isEventType(event.type) ? mapperOf(event.type) : null;
  return map && { global_position: event.globalPosition.toString(), ...map(event) };
};
