import type { PasswordResetRequestedData } from '@acres/contracts/events';
import { mintPasswordResetToken } from '@acres/platform/signing';
import type { Contact } from '../contacts.ts';
import { emailTo, firstNameOf, formatWat, type Draft } from './build.ts';

export const RESET_PASSWORD_PATH = '/reset-password';

/** The link the email carries; the token is minted here, never stored in the log. */
export const passwordResetLink = (options: { publicUrl: string | null; token: string }) =>
  `${options.publicUrl?.replace(/\/+$/, '') ?? ''}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(options.token)}`;

/** A service message: it goes out whatever the person chose about other messages. */
export const passwordReset = (options: {
  reset: PasswordResetRequestedData;
  to: Contact & { email: string };
  publicUrl: string | null;
  linkSigningSecret: string;
}): Draft => {
  const { reset, to } = options;
  const token = mintPasswordResetToken({ secret: options.linkSigningSecret, resetId: reset.resetId, userId: reset.userId });
  return emailTo({
    kind: 'password-reset',
    to: to.email,
    subject: 'Reset your password',
    content: {
      heading: 'Reset your password',
      greeting: `Hi ${firstNameOf(to.name)},`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'Someone asked to reset the password of your Acres account. To choose a new one, open this link:',
        },
        { kind: 'button', label: 'Choose a new password', href: passwordResetLink({ publicUrl: options.publicUrl, token }) },
        {
          kind: 'paragraph',
          text: `The link expires in one hour (at ${formatWat(reset.expiresAt)}) and works once. Once you choose a new password, you are signed out everywhere else.`,
        },
        { kind: 'note', text: 'If you did not ask for this, you can ignore this email: your password stays as it is.' },
      ],
    },
  });
};
