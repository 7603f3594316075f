import type { PasswordResetConfirm, PasswordResetRequest } from '@acres/contracts';
import { apiRequest } from '@/lib/api-client';

/** Answers 202 the same way for every email. */
export async function requestPasswordReset(values: PasswordResetRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/password-reset', values);
}

/** 204 on success; the person then signs in with the new password. */
export async function confirmPasswordReset(values: PasswordResetConfirm): Promise<void> {
  await apiRequest('POST', '/api/auth/password-reset/confirm', values);
}
