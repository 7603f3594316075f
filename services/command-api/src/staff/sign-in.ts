// Staff sign-in (issue 27): email, password and a second factor (the authenticator's code, or one
// recovery code) in one check, throttled like the investors' sign-in: per account and device
// together, per device across accounts, and per account under a distributed attack.

import type { Queryable } from '@acres/platform/db';
import { getDummyHash, verifyPassword } from '../identity/passwords.ts';
import { findStaffByEmail, useRecoveryCode, useTotpStep, type StaffAccount } from './accounts.ts';
import { checkTotpCode, hashRecoveryCode } from './second-factor.ts';

type CheckedRequest = { email: string; password: string; code?: string | undefined; recoveryCode?: string | undefined };

const secondFactorPasses = async (db: Queryable, account: StaffAccount, request: CheckedRequest, now: Date) => {
  if (request.recoveryCode !== undefined) return useRecoveryCode(db, account.staffId, hashRecoveryCode(request.recoveryCode));
  if (request.code === undefined || account.totpSecret === null) return false;
  const step = await checkTotpCode({ secret: account.totpSecret, code: request.code, now, afterStep: account.totpLastStep });
  return step !== null && (await useTotpStep(db, account.staffId, step));
};

/**
 * The member whose password and second factor both pass, or null. One scrypt whether or not
 * the email is a member's, so the time does not tell; the second factor is looked at only
 * after the password passed, so a code is never spent on a wrong password.
 */
export const checkStaffSignIn = async (db: Queryable, request: CheckedRequest, now: Date) => {
  const account = await findStaffByEmail(db, request.email);
  const usable = account !== null && account.status === 'active' && account.passwordHash !== null;
  const passwordOk = await verifyPassword(request.password, usable ? account.passwordHash! : await getDummyHash());
  if (!usable || !passwordOk) return null;
  return (await secondFactorPasses(db, account, request, now)) ? account : null;
};
