import type {
  EmailVerificationRequestedData,
  ExistingAccountSignUpAttemptedData,
  PasswordResetRequestedData,
} from '@acres/contracts/events';
import { mintEmailVerificationToken, mintPasswordResetToken } from '@acres/platform/signing';
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

export const VERIFY_EMAIL_PATH = '/verify-email';
const SIGN_IN_PATH = '/signin';
const FORGOT_PASSWORD_PATH = '/forgot-password';

const siteLink = (publicUrl: string | null, path: string) => `${publicUrl?.replace(/\/+$/, '') ?? ''}${path}`;

/** The link that confirms the address; the token is minted here, never stored in the log. */
export const emailVerificationLink = (options: { publicUrl: string | null; token: string }) =>
  `${siteLink(options.publicUrl, VERIFY_EMAIL_PATH)}?token=${encodeURIComponent(options.token)}`;

/**
 * To the address the link proves (the event's, not the address book's: the account's email may
 * have changed since). A service message, like the password reset.
 */
export const emailVerification = (options: {
  verification: EmailVerificationRequestedData;
  name: string | null;
  publicUrl: string | null;
  linkSigningSecret: string;
}): Draft => {
  const { verification } = options;
  const token = mintEmailVerificationToken({
    secret: options.linkSigningSecret,
    verificationId: verification.verificationId,
    userId: verification.userId,
  });
  return emailTo({
    kind: 'email-verification',
    to: verification.email,
    subject: 'Confirm your email address',
    content: {
      heading: 'Confirm your email address',
      greeting: `Hi ${firstNameOf(options.name)},`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'An Acres account was opened with this email address. To confirm it is yours, open this link:',
        },
        { kind: 'button', label: 'Confirm my email', href: emailVerificationLink({ publicUrl: options.publicUrl, token }) },
        {
          kind: 'paragraph',
          text: `The link works once and expires in 24 hours (at ${formatWat(verification.expiresAt)}). Once you confirm, applications and reservations made with this email appear in your account.`,
        },
        { kind: 'note', text: 'If you did not open an account, you can ignore this email: nothing is linked to this address.' },
      ],
    },
  });
};

/**
 * Someone signed up with an address that already has an account: its owner is told, with the
 * way in (sign in, or choose a new password), and no link that does anything by itself.
 */
export const existingAccountSignUp = (options: {
  attempt: ExistingAccountSignUpAttemptedData;
  to: Contact & { email: string };
  publicUrl: string | null;
}): Draft =>
  emailTo({
    kind: 'existing-account-sign-up',
    to: options.to.email,
    subject: 'You already have an Acres account',
    content: {
      heading: 'You already have an account',
      greeting: `Hi ${firstNameOf(options.to.name)},`,
      blocks: [
        {
          kind: 'paragraph',
          text: `Someone asked to open an Acres account with this email address (at ${formatWat(options.attempt.attemptedAt)}). You already have one, so nothing was changed.`,
        },
        { kind: 'button', label: 'Sign in', href: siteLink(options.publicUrl, SIGN_IN_PATH) },
        {
          kind: 'paragraph',
          text: `If you have forgotten your password, choose a new one at ${siteLink(options.publicUrl, FORGOT_PASSWORD_PATH)}.`,
        },
        { kind: 'note', text: 'If this was not you, you can ignore this email: your account and password stay as they are.' },
      ],
    },
  });
