import { Download, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/problem';
import { downloadLeadsCsv } from '../api/admin-client';
import { useRefreshAdminData } from '../api/use-admin-query';
import { useAdminSession } from '../lib/admin-session';

/** The dashboard title with Refresh and Export CSV (SPEC 2, Admin). */
export function AdminToolbar() {
  const { session } = useAdminSession();
  const refresh = useRefreshAdminData();
  const [refreshing, setRefreshing] = useState(false);
  const [exporting, setExporting] = useState(false);

  const onRefresh = async () => {
    setRefreshing(true);
    try {
      // Failures are reported by each list's own error handler.
      await refresh().catch(() => undefined);
    } finally {
      setRefreshing(false);
    }
  };

  const onExport = async () => {
    if (!session) return;
    setExporting(true);
    try {
      await downloadLeadsCsv(session.authorization);
      toast({ variant: 'success', title: 'Export successful', description: 'CSV file has been downloaded' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Export failed', description: describeError(error) || undefined });
    } finally {
      setExporting(false);
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
        <Button onClick={onExport} disabled={exporting} data-testid="admin-export">
          <Download aria-hidden="true" />
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
    </div>
  );
}
