import { type AuthSessionResponse, type AuthUser, type VerifyEmailRequest } from '@acres/contracts';
import { mutate } from 'swr';
import { apiJson } from '@/lib/api-client';
import { AUTH_USER_KEY } from '@/lib/auth-user';

/** POST /api/auth/verify-email: the emailed link's token; signs the person in, and seeds the user cache. */
export async function verifyEmail(values: VerifyEmailRequest): Promise<AuthUser> {
  const answer = await apiJson<AuthSessionResponse>('POST', '/api/auth/verify-email', values);
  await mutate(AUTH_USER_KEY, answer.user, { revalidate: false });
  return answer.user;
}
