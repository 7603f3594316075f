import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAdminSession } from '@/features/admin/shell/lib/admin-session';
import { describeError } from '@/lib/problem';
import { downloadPaymentsCsv, type PaymentAuditFilter } from '../api/payments-api';

/** The payment audit's export: the filtered payments as CSV, as at an event-log position the toast names. */
export function ExportPaymentsButton({ filter, disabled }: { filter: PaymentAuditFilter; disabled?: boolean }) {
  const { session } = useAdminSession();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    if (!session) return;
    setExporting(true);
    try {
      const { position } = await downloadPaymentsCsv(session.authorization, filter);
      toast({
        variant: 'success',
        title: 'Export successful',
        description: position
          ? `CSV file has been downloaded, as at event-log position ${position}`
          : 'CSV file has been downloaded',
      });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Export failed', description: describeError(error) || undefined });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="outline" onClick={onExport} disabled={exporting || disabled} data-testid="payments-export">
      <Download aria-hidden="true" />
      {exporting ? 'Exporting…' : 'Export payments CSV'}
    </Button>
  );
}
