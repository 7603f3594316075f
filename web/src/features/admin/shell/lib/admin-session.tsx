import type { AdminCountersResponse } from '@acres/contracts';
import type { StaffMe } from '@acres/contracts/staff';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  ADMIN_COUNTERS_KEY,
  ADMIN_KEY_PREFIX,
  fetchAdminMe,
  signOutStaff,
  STAFF_SESSION_AUTHORIZATION,
} from '../api/admin-client';

/** Who is signed in: the header every admin call carries, and what their role may use. */
export type AdminSession = { username: string; authorization: string; me: StaffMe };

type AdminSessionValue = {
  session: AdminSession | null;
  /** False until a staff session kept by the browser has been looked for. */
  checked: boolean;
  /** Called once the credentials proved good; `counters`, when given, is the answer that proved them. */
  signIn: (authorization: string, me: StaffMe, counters?: AdminCountersResponse) => void;
  signOut: () => void;
};

const AdminSessionContext = createContext<AdminSessionValue | null>(null);

/**
 * SPEC 4: the owner's Basic credentials live only in this component's state (no storage, no
 * cookie), so a reload signs the owner out. A staff member's session is an httpOnly cookie the
 * page never reads (issue 27): the page keeps only `Authorization: Session`, and a reload finds
 * the session again through GET /api/admin/me.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<AdminSession | null>(null);
  const [checked, setChecked] = useState(false);
  const { cache, mutate } = useSWRConfig();

  useEffect(() => {
    let live = true;
    fetchAdminMe(STAFF_SESSION_AUTHORIZATION)
      .then((me) => {
        if (live) setSession((now) => now ?? { username: me.displayName, authorization: STAFF_SESSION_AUTHORIZATION, me });
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setChecked(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const signIn = useCallback(
    (authorization: string, me: StaffMe, counters?: AdminCountersResponse) => {
      if (counters) void mutate(ADMIN_COUNTERS_KEY, counters, { revalidate: false });
      setSession({ username: me.displayName, authorization, me });
    },
    [mutate],
  );

  const signOut = useCallback(() => {
    if (session?.authorization === STAFF_SESSION_AUTHORIZATION) void signOutStaff().catch(() => undefined);
    setSession(null);
    // Leads and applications are personal data: they must not outlive the session in memory.
    for (const key of [...cache.keys()]) {
      if (key.startsWith(ADMIN_KEY_PREFIX)) cache.delete(key);
    }
  }, [cache, session]);

  const value = useMemo(() => ({ session, checked, signIn, signOut }), [session, checked, signIn, signOut]);
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used inside <AdminSessionProvider>');
  return value;
}

/** Whether the signed-in role may use an area: the server enforces it, the page only hides what would be refused. */
export function useMayUse(): (area: StaffMe['areas'][number]) => boolean {
  const { session } = useAdminSession();
  return useCallback((area) => session?.me.areas.includes(area) ?? false, [session]);
}
