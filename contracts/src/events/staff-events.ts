// Staff accounts (issue 27, item 1): named people who work in the admin area, one role each.
// Every event is on the member's own stream `staff-{staffId}`. Secrets (the password hash,
// the TOTP secret, recovery codes) never enter the log: the command side keeps them apart.

import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

export const STAFF_ROLES = ['owner', 'finance', 'sales', 'operations'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const id = z.uuid();
/** Who acted: a staff member's id, or the Basic-auth owner's username. */
const actor = z.string().min(1).max(200);

export const StaffInvitedDataSchema = z.object({
  staffId: id,
  /** Each invitation (and each one sent again) has its own id: only the latest one's link works. */
  invitationId: id,
  email: z.string().min(3).max(254),
  displayName: z.string().min(1).max(120),
  role: z.enum(STAFF_ROLES),
  invitedBy: actor,
  invitedAt: EventTimestampSchema,
  expiresAt: EventTimestampSchema,
});
export type StaffInvitedData = z.infer<typeof StaffInvitedDataSchema>;

/** The invitee chose a password through the invitation's link: the link is used up. */
export const StaffInvitationAcceptedDataSchema = z.object({
  staffId: id,
  invitationId: id,
  acceptedAt: EventTimestampSchema,
});
export type StaffInvitationAcceptedData = z.infer<typeof StaffInvitationAcceptedDataSchema>;

/** A second factor proven with a first code; with it the member can sign in. */
export const StaffTotpEnrolledDataSchema = z.object({
  staffId: id,
  /** How many single-use recovery codes were issued with it. */
  recoveryCodes: z.number().int().positive(),
  enrolledAt: EventTimestampSchema,
});
export type StaffTotpEnrolledData = z.infer<typeof StaffTotpEnrolledDataSchema>;

export const StaffRoleChangedDataSchema = z.object({
  staffId: id,
  from: z.enum(STAFF_ROLES),
  to: z.enum(STAFF_ROLES),
  changedBy: actor,
  changedAt: EventTimestampSchema,
});
export type StaffRoleChangedData = z.infer<typeof StaffRoleChangedDataSchema>;

/** The member's sessions end with it, and they cannot sign in again. */
export const StaffRemovedDataSchema = z.object({
  staffId: id,
  removedBy: actor,
  removedAt: EventTimestampSchema,
});
export type StaffRemovedData = z.infer<typeof StaffRemovedDataSchema>;

/** The staff accounts' part of the event catalogue (events.ts), each at its version. */
export const STAFF_EVENT_CATALOGUE = {
  StaffInvited: { version: 1, schema: StaffInvitedDataSchema },
  StaffInvitationAccepted: { version: 1, schema: StaffInvitationAcceptedDataSchema },
  StaffTotpEnrolled: { version: 1, schema: StaffTotpEnrolledDataSchema },
  StaffRoleChanged: { version: 1, schema: StaffRoleChangedDataSchema },
  StaffRemoved: { version: 1, schema: StaffRemovedDataSchema },
} as const;
