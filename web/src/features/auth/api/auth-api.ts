import { AUTH_USER_STALE_TIME_MS, type AuthSessionResponse, type AuthUser, type SignInRequest, type SignUpRequest } from '@acres/contracts';
import useSWR, { mutate } from 'swr';
import { apiJson, getQueryFn } from '@/lib/api-client';

export const AUTH_USER_KEY = '/api/auth/user';

const fetchAuthUser = getQueryFn<AuthUser | null>({ on401: 'returnNull' });

/**
 * SPEC 7: the current user; a 401 means signed out and yields null (undefined while
 * loading). Stale after 5 minutes, never retried.
 */
export function useAuthUser() {
  return useSWR<AuthUser | null>(AUTH_USER_KEY, fetchAuthUser, {
    dedupingInterval: AUTH_USER_STALE_TIME_MS,
    shouldRetryOnError: false,
  });
}

/** The answer already names the user: seed the cache so the next page needs no round trip. */
async function rememberSession(answer: AuthSessionResponse): Promise<AuthUser> {
  await mutate(AUTH_USER_KEY, answer.user, { revalidate: false });
  return answer.user;
}

export async function signIn(values: SignInRequest): Promise<AuthUser> {
  return rememberSession(await apiJson<AuthSessionResponse>('POST', '/api/auth/signin', values));
}

export async function signUp(values: SignUpRequest): Promise<AuthUser> {
  return rememberSession(await apiJson<AuthSessionResponse>('POST', '/api/auth/signup', values));
}
