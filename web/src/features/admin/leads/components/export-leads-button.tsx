import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAdminSession } from '@/features/admin/shell/lib/admin-session';
import { describeError } from '@/lib/problem';
import { downloadLeadsCsv } from '../api/leads-api';

/** Export CSV (SPEC 2, Admin): every lead, downloaded under the server's file name. */
export function ExportLeadsButton() {
  const { session } = useAdminSession();
  const [exporting, setExporting] = useState(false);

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
    <Button onClick={onExport} disabled={exporting} data-testid="admin-export">
      <Download aria-hidden="true" />
      {exporting ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
