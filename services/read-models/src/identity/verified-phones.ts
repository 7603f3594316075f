// Phone ownership (issue 24, item 2): every number an account proved it holds with a texted
// code (user_verified_phones; a person who changes number keeps the old ones, so the records
// and messages of those numbers stay theirs), and the code each account is waiting to confirm
// (phone_verifications_pending). The projector's projections/identity/verified-phones writes both.

import { PHONE_VERIFICATION_MAX_WRONG_CODES, type MyPhonesResponse } from '@acres/contracts/phone-verification';
import type { Queryable } from '@acres/platform/db';
import { defineReadModel, type Position, type SqlTypes } from '../shared/read-model.ts';

export const VERIFIED_PHONES = {
  ...defineReadModel('verified-phones', 'user_verified_phones', '1700000000036_verified-phones.sql'),
  pendingTable: 'phone_verifications_pending',
};

export type VerifiedPhoneRow = { user_id: string; phone_e164: string; verified_at: Date; global_position: Position };

export const VERIFIED_PHONE_COLUMNS = {
  user_id: 'uuid',
  phone_e164: 'text',
  verified_at: 'timestamptz',
  global_position: 'bigint',
} as const satisfies SqlTypes<VerifiedPhoneRow>;

/** The latest request of an account while it is neither confirmed nor superseded. */
export type PendingPhoneVerificationRow = {
  user_id: string;
  verification_id: string;
  phone_e164: string;
  expires_at: Date;
  failed_attempts: number;
  global_position: Position;
};

export const PENDING_PHONE_VERIFICATION_COLUMNS = {
  user_id: 'uuid',
  verification_id: 'uuid',
  phone_e164: 'text',
  expires_at: 'timestamptz',
  failed_attempts: 'integer',
  global_position: 'bigint',
} as const satisfies SqlTypes<PendingPhoneVerificationRow>;

/** Every verified number of the account, oldest first: the last is where its text messages go. */
export const findVerifiedPhones = async (db: Queryable, userId: string): Promise<{ phoneE164: string; verifiedAt: Date }[]> => {
  const { rows } = await db.query<{ phone_e164: string; verified_at: Date }>(
    `SELECT phone_e164, verified_at FROM ${VERIFIED_PHONES.table} WHERE user_id = $1 ORDER BY verified_at, global_position`,
    [userId],
  );
  return rows.map((row) => ({ phoneE164: row.phone_e164, verifiedAt: row.verified_at }));
};

/** The account's current phone for messages: its latest verified number, or null. */
export const findCurrentPhone = async (db: Queryable, userId: string): Promise<string | null> =>
  (await findVerifiedPhones(db, userId)).at(-1)?.phoneE164 ?? null;

const findPending = async (db: Queryable, userId: string): Promise<PendingPhoneVerificationRow | null> => {
  const { rows } = await db.query<PendingPhoneVerificationRow>(
    `SELECT user_id::text, verification_id::text, phone_e164, expires_at, failed_attempts, global_position::text
       FROM ${VERIFIED_PHONES.pendingTable} WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
};

/** GET /api/me/phones: the verified numbers, the current one, and a code still worth typing (null once expired or dead). */
export const readMyPhones = async (db: Queryable, userId: string, now: Date): Promise<MyPhonesResponse> => {
  const [phones, pending] = await Promise.all([findVerifiedPhones(db, userId), findPending(db, userId)]);
  const live =
    pending && pending.expires_at.getTime() > now.getTime() && pending.failed_attempts < PHONE_VERIFICATION_MAX_WRONG_CODES
      ? pending
      : null;
  return {
    phones: phones.map((phone) => ({ phoneE164: phone.phoneE164, verifiedAt: phone.verifiedAt.toISOString() })),
    currentPhoneE164: phones.at(-1)?.phoneE164 ?? null,
    pending: live && {
      verificationId: live.verification_id,
      phoneE164: live.phone_e164,
      expiresAt: live.expires_at.toISOString(),
      attemptsLeft: PHONE_VERIFICATION_MAX_WRONG_CODES - live.failed_attempts,
    },
  };
};
