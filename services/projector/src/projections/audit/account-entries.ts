import { parseEventData } from '../projection.ts';
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
