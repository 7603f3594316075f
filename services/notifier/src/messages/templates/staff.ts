import type { StaffInvitedData } from '@acres/contracts/events';
import { STAFF_ROLE_LABELS } from '@acres/contracts/staff-roles';
import { mintStaffInvitationToken } from '@acres/platform/signing';
import { emailTo, firstNameOf, formatWat, type Draft } from './build.ts';

export const ACCEPT_INVITATION_PATH = '/admin/accept-invitation';

/** The link the email carries; the token is minted here, never stored in the log. */
export const staffInvitationLink = (options: { publicUrl: string | null; token: string }) =>
  `${options.publicUrl?.replace(/\/+$/, '') ?? ''}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(options.token)}`;

/** A service message: the invitation to the admin area, good once and for seven days. */
export const staffInvitation = (options: {
  invitation: StaffInvitedData;
  publicUrl: string | null;
  linkSigningSecret: string;
}): Draft => {
  const { invitation } = options;
  const token = mintStaffInvitationToken({
    secret: options.linkSigningSecret,
    invitationId: invitation.invitationId,
    staffId: invitation.staffId,
  });
  return emailTo({
    kind: 'staff-invitation',
    to: invitation.email,
    subject: 'You are invited to the Acres admin area',
    content: {
      heading: 'Join the Acres team',
      greeting: `Hi ${firstNameOf(invitation.displayName)},`,
      blocks: [
        {
          kind: 'paragraph',
          text: `You have been invited to work in the Acres admin area with the ${STAFF_ROLE_LABELS[invitation.role]} role. To accept, open this link, choose a password and set up an authenticator app on your phone:`,
        },
        { kind: 'button', label: 'Accept the invitation', href: staffInvitationLink({ publicUrl: options.publicUrl, token }) },
        {
          kind: 'paragraph',
          text: `The link works once and expires in seven days (at ${formatWat(invitation.expiresAt)}).`,
        },
        { kind: 'note', text: 'If you did not expect this, you can ignore this email: nothing happens until the link is used.' },
      ],
    },
  });
};
