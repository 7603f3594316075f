// The numbers each account confirmed, and the code it waits on (the tables and their reads:
// @acres/read-models/verified-phones). Idempotent: every write is guarded by the event's
// global position, so a replayed event changes nothing.

import { ERASED } from '@acres/contracts/personal-data';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { PoolClient } from '@acres/platform/db';
import { VERIFIED_PHONES } from './verified-phones.ts';
import { parseEventData, quoteIdentifier, type Projection } from '../shared/projection/projection.ts';
import { idsOfKind, withErasure } from '../shared/projection/with-erasure.ts';
import { resolveTarget, type ProjectionTarget } from '../shared/projection/define-projection.ts';

export const createVerifiedPhonesProjection = (target: ProjectionTarget = {}): Projection => {
  const { name, tables } = resolveTarget(target, VERIFIED_PHONES, VERIFIED_PHONES.pendingTable);
  const [tableName, pendingName] = tables;
  const verified = quoteIdentifier(tableName);
  const pending = quoteIdentifier(pendingName);

  const apply = async (client: PoolClient, event: RecordedEvent) => {
    const position = event.globalPosition.toString();
    switch (event.type) {
      case 'PhoneVerificationRequested': {
        const data = parseEventData('PhoneVerificationRequested', event);
        if (data.phoneE164 === ERASED) return;
        // A new request supersedes the one before it: one row per account.
        await client.query(
          `INSERT INTO ${pending} AS p (user_id, verification_id, phone_e164, expires_at, failed_attempts, global_position)
           VALUES ($1, $2, $3, $4, 0, $5)
           ON CONFLICT (user_id) DO UPDATE SET verification_id = excluded.verification_id, phone_e164 = excluded.phone_e164,
             expires_at = excluded.expires_at, failed_attempts = 0, global_position = excluded.global_position
           WHERE p.global_position < excluded.global_position`,
          [data.userId, data.verificationId, data.phoneE164, data.expiresAt, position],
        );
        return;
      }
      case 'PhoneVerificationCodeRejected': {
        const data = parseEventData('PhoneVerificationCodeRejected', event);
        await client.query(
          `UPDATE ${pending} SET failed_attempts = $3, global_position = $4
            WHERE user_id = $1 AND verification_id = $2 AND global_position < $4`,
          [data.userId, data.verificationId, data.failedAttempts, position],
        );
        return;
      }
      case 'PhoneVerified': {
        const data = parseEventData('PhoneVerified', event);
        await client.query(`DELETE FROM ${pending} WHERE user_id = $1 AND verification_id = $2`, [
          data.userId,
          data.verificationId,
        ]);
        if (data.phoneE164 === ERASED) return;
        // Confirmed again later (after another number): it is the current one again, so its time moves on.
        await client.query(
          `INSERT INTO ${verified} AS v (user_id, phone_e164, verified_at, global_position) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, phone_e164) DO UPDATE SET verified_at = excluded.verified_at, global_position = excluded.global_position
           WHERE v.global_position < excluded.global_position`,
          [data.userId, data.phoneE164, data.verifiedAt, position],
        );
        return;
      }
      default:
        throw new Error(`verified-phones does not handle ${event.type}`);
    }
  };

  return withErasure(
    {
      name,
      handles: ['PhoneVerificationRequested', 'PhoneVerificationCodeRejected', 'PhoneVerified'],
      tables,
      apply,
    },
    // An erased person's numbers are theirs no longer: nothing may be joined by them.
    async (client, subjects) => {
      const ids = idsOfKind(subjects, 'user');
      if (ids.length === 0) return;
      await client.query(`DELETE FROM ${verified} WHERE user_id = ANY($1::uuid[])`, [ids]);
      await client.query(`DELETE FROM ${pending} WHERE user_id = ANY($1::uuid[])`, [ids]);
    },
  );
};
