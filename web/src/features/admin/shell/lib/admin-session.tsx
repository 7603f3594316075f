import type { AdminCounters, AdminLogin } from '@acres/contracts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ADMIN_COUNTERS_KEY, ADMIN_KEY_PREFIX } from '../api/admin-client';
import { encodeBasicAuth } from './basic-auth';

export type AdminSession = { username: string; authorization: string };

type AdminSessionValue = {
  session: AdminSession | null;
  /** Called once the credentials proved good; `counters` is the answer that proved it. */
  signIn: (credentials: AdminLogin, counters: AdminCounters) => void;
  signOut: () => void;
};

const AdminSessionContext = createContext<AdminSessionValue | null>(null);

/**
 * SPEC 4: the admin is signed in only in page memory. The credentials live in this
 * component's state and nowhere else (no storage, no cookie), so a reload or leaving
 * /admin signs the admin out.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<AdminSession | null>(null);
  const { cache, mutate } = useSWRConfig();

  const signIn = useCallback(
    (credentials: AdminLogin, counters: AdminCounters) => {
      void mutate(ADMIN_COUNTERS_KEY, counters, { revalidate: false });
      setSession({ username: credentials.username, authorization: encodeBasicAuth(credentials) });
    },
    [mutate],
  );

  const signOut = useCallback(() => {
    setSession(null);
    // Leads and applications are personal data: they must not outlive the session in memory.
    for (const key of [...cache.keys()]) {
      if (key.startsWith(ADMIN_KEY_PREFIX)) cache.delete(key);
    }
  }, [cache]);

  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used inside <AdminSessionProvider>');
  return value;
}
