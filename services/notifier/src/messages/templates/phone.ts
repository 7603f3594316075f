import type { PhoneVerificationRequestedData } from '@acres/contracts/events';
import { derivePhoneVerificationCode } from '@acres/platform/signing';
import { smsTo, type Draft } from './build.ts';

/**
 * The texted code: derived here from the request and the link signing secret, as the command
 * API derives it to compare, so it is in no event. "code is NNNNNN" is what the Outbox and
 * every export redact (@acres/read-models/notifications).
 */
export const phoneVerificationCode = (options: { request: PhoneVerificationRequestedData; linkSigningSecret: string }): Draft => {
  const { request } = options;
  const code = derivePhoneVerificationCode({
    secret: options.linkSigningSecret,
    verificationId: request.verificationId,
    userId: request.userId,
    phoneE164: request.phoneE164,
  });
  return smsTo({
    kind: 'phone-verification',
    to: request.phoneE164,
    text: `Your Acres code is ${code}. It confirms this number on your account and expires in 10 minutes. Never share it: Acres staff will never ask for it.`,
  });
};
