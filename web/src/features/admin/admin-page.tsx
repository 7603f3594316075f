import { useEffect } from 'react';
import { AdminSessionProvider, useAdminSession } from './shell/lib/admin-session';
import { AdminDashboard } from './admin-dashboard';
import { AdminLoginScreen } from './shell/components/admin-login';

function AdminArea() {
  const { session, checked } = useAdminSession();
  if (session) return <AdminDashboard />;
  // A staff session kept by the browser is looked for first, so a reload does not flash the sign-in.
  return checked ? (
    <AdminLoginScreen />
  ) : (
    <div className="min-h-dvh bg-gradient-to-b from-brand-950 to-brand-900" aria-busy="true" />
  );
}

/** /admin (SPEC 2, Admin): sign in, then the dashboard. */
export function AdminPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = 'Admin — Acres Wholesale';
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <AdminSessionProvider>
      <AdminArea />
    </AdminSessionProvider>
  );
}
