import { createHmac } from 'node:crypto';

/*
 * The code texted to confirm a phone number: HMAC-SHA256 under the link signing secret (the
 * secret the notifier and the command API already share) of the request's ids and number,
 * read as six decimal digits. Nothing stores it: the notifier derives it to send, the command
 * API derives it again to compare, and the log holds only the verificationId.
 */
const CONTEXT = 'acres.phone-verification\u0000';
const DIGITS = 6;

export type PhoneVerificationCodeInput = { verificationId: string; userId: string; phoneE164: string };

export const derivePhoneVerificationCode = (options: PhoneVerificationCodeInput & { secret: string }): string => {
  const mac = createHmac('sha256', options.secret)
    .update(CONTEXT, 'utf8')
    .update(`${options.verificationId}\n${options.userId}\n${options.phoneE164}`, 'utf8')
    .digest();
  // RFC 4226's dynamic truncation: 31 bits from an offset the MAC itself picks, then the digits.
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** DIGITS).padStart(DIGITS, '0');
};

/** A digest of a number for keys that must not list it (the per-number hourly limit), under the same secret. */
export const phoneLimitKeyOf = (options: { secret: string; phoneE164: string }): string =>
  createHmac('sha256', options.secret).update('acres.phone-limit\u0000', 'utf8').update(options.phoneE164, 'utf8').digest('hex');
