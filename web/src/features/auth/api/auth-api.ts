import {
  type AuthSessionResponse,
  type AuthUser,
  type SignInRequest,
  type SignUpAcceptedResponse,
  type SignUpRequest,
} from '@acres/contracts';
import { mutate } from 'swr';
import { apiJson } from '@/lib/api-client';
import { AUTH_USER_KEY } from '@/lib/auth-user';

/** The answer already names the user: seed the cache so the next page needs no round trip. */
async function rememberSession(answer: AuthSessionResponse): Promise<AuthUser> {
  await mutate(AUTH_USER_KEY, answer.user, { revalidate: false });
  return answer.user;
}

export async function signIn(values: SignInRequest): Promise<AuthUser> {
  return rememberSession(await apiJson<AuthSessionResponse>('POST', '/api/auth/signin', values));
}

/** The same answer for every email, and no session: the person signs in, or opens the emailed link. */
export function signUp(values: SignUpRequest): Promise<SignUpAcceptedResponse> {
  return apiJson<SignUpAcceptedResponse>('POST', '/api/auth/signup', values);
}
