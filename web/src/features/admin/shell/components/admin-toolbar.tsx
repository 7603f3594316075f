import { RotateCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useRefreshAdminData } from '../api/use-admin-query';

/** The dashboard title with Refresh and the tabs' own actions, e.g. Export CSV (SPEC 2, Admin). */
export function AdminToolbar({ children }: { children?: ReactNode }) {
  const refresh = useRefreshAdminData();
  const [refreshing, setRefreshing] = useState(false);

  const onRefresh = async () => {
    setRefreshing(true);
    try {
      // Failures are reported by each list's own error handler.
      await refresh().catch(() => undefined);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">Admin dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">Reservations, applications and payment proofs in one place.</p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button variant="outline" onClick={onRefresh} disabled={refreshing} data-testid="admin-refresh">
          <RotateCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </Button>
        {children}
      </div>
    </div>
  );
}
