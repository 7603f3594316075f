import type { EmailVerificationSentResponse } from '@acres/contracts';
import { apiJson } from './api-client';

/** POST /api/auth/verify-email/resend: a new link to the signed-in account's email; earlier ones stop working. */
export function resendEmailVerification(): Promise<EmailVerificationSentResponse> {
  return apiJson<EmailVerificationSentResponse>('POST', '/api/auth/verify-email/resend');
}
