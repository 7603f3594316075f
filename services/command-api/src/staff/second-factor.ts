// The TOTP second factor (RFC 6238 through otplib) and its recovery codes. The clock is an
// input: a code is checked against the command's `now`, never the process's own time.

import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@acres/contracts/staff';

const ISSUER = 'Acres Wholesale';
/** One 30-second step either side of now: a phone's clock a little off, a code typed as it turns. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

export const otpauthUriOf = (options: { email: string; secret: string }) =>
  generateURI({ issuer: ISSUER, label: options.email, secret: options.secret });

/** The time step of a code good at `now` and later than `afterStep`, or null. */
export const checkTotpCode = async (options: { secret: string; code: string; now: Date; afterStep?: number | null }) => {
  try {
    const epoch = Math.floor(options.now.getTime() / 1000);
    const result = await verify({
      secret: options.secret,
      token: options.code,
      epoch,
      epochTolerance: TOLERANCE_SECONDS,
      ...(options.afterStep != null ? { afterTimeStep: options.afterStep } : {}),
    });
    if (!result.valid) return null;
    return 'timeStep' in result ? result.timeStep : Math.floor(epoch / 30);
  } catch {
    // A malformed secret or code is a wrong code, nothing more.
    return null;
  }
};

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten codes of ten characters (50 bits each), shown once as 'XXXXX-XXXXX'. */
export const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });

/** Random codes need no slow hash: a digest keeps the table from holding a usable code. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.replaceAll(/[\s-]/g, '').toUpperCase(), 'utf8').digest('hex');
