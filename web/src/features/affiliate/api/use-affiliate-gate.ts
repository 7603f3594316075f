import type { Affiliate } from '@acres/contracts/affiliate';
import type { AuthUser } from '@acres/contracts/identity';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { useAuthUser } from '@/lib/auth-user';
import { useAffiliateProfile } from './affiliate-api';

export type AffiliateGate =
  | { state: 'loading' }
  | { state: 'error'; error: unknown; retry: () => void }
  | { state: 'signed-out' }
  | { state: 'no-profile'; user: AuthUser }
  | { state: 'ready'; user: AuthUser; affiliate: Affiliate };

/**
 * Who is looking at an affiliate page: GET /api/auth/user (401 → signed out), then
 * GET /api/affiliate/profile (404 → no profile yet). Each page decides where to send
 * the states it does not serve.
 */
export function useAffiliateGate(): AffiliateGate {
  const auth = useAuthUser();
  const user = auth.data ?? null;
  const profile = useAffiliateProfile(user !== null);

  if (auth.error) return { state: 'error', error: auth.error, retry: () => void auth.mutate() };
  if (auth.data === undefined) return { state: 'loading' };
  if (user === null) return { state: 'signed-out' };
  if (profile.error) {
    // The session ended between the two calls.
    if (profile.error instanceof ApiError && profile.error.status === 401) return { state: 'signed-out' };
    return { state: 'error', error: profile.error, retry: () => void profile.mutate() };
  }
  if (profile.data === undefined) return { state: 'loading' };
  if (profile.data === null) return { state: 'no-profile', user };
  return { state: 'ready', user, affiliate: profile.data };
}

/** For pages of a registered affiliate (SPEC 2): signed out → /affiliate, no profile → onboarding. */
export function useRequireAffiliate(): AffiliateGate {
  const gate = useAffiliateGate();
  const navigate = useNavigate();
  useEffect(() => {
    if (gate.state === 'signed-out') navigate('/affiliate', { replace: true });
    if (gate.state === 'no-profile') navigate('/affiliate/onboarding', { replace: true });
  }, [gate.state, navigate]);
  return gate;
}
