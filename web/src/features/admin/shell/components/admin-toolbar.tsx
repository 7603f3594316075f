import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useRefreshAdminData } from '../api/use-admin-query';

/** The dashboard title with Refresh (SPEC 2, Admin); each list's Export sits on that list. */
export function AdminToolbar() {
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
    <div className="flex items-center justify-between gap-4">
      <h1 className="text-2xl font-bold tracking-tight text-brand-950">Admin dashboard</h1>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onRefresh} disabled={refreshing} data-testid="admin-refresh">
          <RotateCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
    </div>
  );
}
