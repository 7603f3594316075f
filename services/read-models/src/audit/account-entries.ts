import { auditEntry, mention, type Actor } from './entry.ts';

/** A security event the admin should see: which account, and when; never the link or the hash. */
export const passwordReset = auditEntry('PasswordResetCompleted', 'account.password-reset', (data) => ({
  at: data.completedAt,
  actor: ['investor', data.userId],
  subject: ['account', data.userId],
  summary: `Reset the password of ${mention('account', data.userId)} through an emailed link; its other sessions were ended`,
}));

const HOW_VERIFIED = {
  link: 'through the link emailed to it',
  staff: 'by hand',
  provider: 'on the word of its OpenID provider',
} as const;

/**
 * An account shown to own its email: from then on, records made with that email elsewhere are
 * the account's. A staff member's check names them; the address itself is not in the entry.
 */
export const emailVerified = auditEntry('UserEmailVerified', 'account.email-verified', (data) => {
  const actor: Actor =
    data.method === 'staff'
      ? ['admin', data.verifiedBy ?? 'admin']
      : data.method === 'link'
        ? ['investor', data.userId]
        : ['system', null];
  return {
    at: data.verifiedAt,
    actor,
    subject: ['account', data.userId],
    summary: `Confirmed the email of ${mention('account', data.userId)} ${HOW_VERIFIED[data.method]}`,
  };
});

/** Which account confirmed a phone number; the number itself is personal data, kept out of the log's summary. */
export const phoneVerified = auditEntry('PhoneVerified', 'account.phone-verified', (data) => ({
  at: data.verifiedAt,
  actor: ['investor', data.userId],
  subject: ['account', data.userId],
  summary: `Confirmed a phone number on ${mention('account', data.userId)} with a code texted to it`,
}));
