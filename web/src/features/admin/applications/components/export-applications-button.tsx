import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAdminSession } from '@/features/admin/shell/lib/admin-session';
import { describeError } from '@/lib/problem';
import { type ApplicationFilter, downloadApplicationsCsv } from '../api/applications-api';

/** Export CSV of the applications the filter shows, downloaded under the server's file name. */
export function ExportApplicationsButton({ status }: { status: ApplicationFilter }) {
  const { session } = useAdminSession();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    if (!session) return;
    setExporting(true);
    try {
      await downloadApplicationsCsv(session.authorization, status);
      toast({ variant: 'success', title: 'Export successful', description: 'CSV file has been downloaded' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Export failed', description: describeError(error) || undefined });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="outline" onClick={onExport} disabled={exporting} data-testid="applications-export">
      <Download aria-hidden="true" />
      {exporting ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
