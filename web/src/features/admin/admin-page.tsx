import { useEffect } from 'react';
import { AdminSessionProvider, useAdminSession } from './shell/lib/admin-session';
import { AdminDashboard } from './admin-dashboard';
import { AdminLoginScreen } from './shell/components/admin-login';

function AdminArea() {
  const { session } = useAdminSession();
  return session ? <AdminDashboard /> : <AdminLoginScreen />;
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
