import { parseEventData } from '../shared/projection/projection.ts';
import { shortId, type Mapper } from './entry.ts';

/** A security event the admin should see: which account, and when; never the link or the hash. */
export const passwordReset: Mapper = (event) => {
  const data = parseEventData('PasswordResetCompleted', event);
  return {
    occurred_at: data.completedAt,
    kind: 'account.password-reset',
    actor_kind: 'investor',
    actor_id: data.userId,
    subject_type: 'account',
    subject_id: data.userId,
    summary: `Reset the password of account ${shortId(data.userId)} through an emailed link; its other sessions were ended`,
    notes: null,
    changes: null,
  };
};

const HOW_VERIFIED = {
  link: 'through the link emailed to it',
  staff: 'by hand',
  provider: 'on the word of its OpenID provider',
} as const;

/**
 * An account shown to own its email: from then on, records made with that email elsewhere are
 * the account's. A staff member's check names them; the address itself is not in the entry.
 */
export const emailVerified: Mapper = (event) => {
  const data = parseEventData('UserEmailVerified', event);
  const actor =
    data.method === 'staff'
      ? { actor_kind: 'admin' as const, actor_id: data.verifiedBy ?? 'admin' }
      : data.method === 'link'
        ? { actor_kind: 'investor' as const, actor_id: data.userId }
        : { actor_kind: 'system' as const, actor_id: null };
  return {
    occurred_at: data.verifiedAt,
    kind: 'account.email-verified',
    ...actor,
    subject_type: 'account',
    subject_id: data.userId,
    summary: `Confirmed the email of account ${shortId(data.userId)} ${HOW_VERIFIED[data.method]}`,
    notes: null,
    changes: null,
  };
};

/** Which account confirmed a phone number; the number itself is personal data, kept out of the log's summary. */
export const phoneVerified: Mapper = (event) => {
  const data = parseEventData('PhoneVerified', event);
  return {
    occurred_at: data.verifiedAt,
    kind: 'account.phone-verified',
    actor_kind: 'investor',
    actor_id: data.userId,
    subject_type: 'account',
    subject_id: data.userId,
    summary: `Confirmed a phone number on account ${shortId(data.userId)} with a code texted to it`,
    notes: null,
    changes: null,
  };
};
