import { ExportCsvButton } from '@/features/admin/shell/components/export-csv-button';
import { downloadPaymentsCsv, type PaymentAuditFilter } from '../api/payments-api';

/** The payment audit's export: the filtered payments as CSV, as at an event-log position the toast names. */
export function ExportPaymentsButton({ filter, disabled }: { filter: PaymentAuditFilter; disabled?: boolean }) {
  return (
    <ExportCsvButton
      download={async (authorization) => {
        const { position } = await downloadPaymentsCsv(authorization, filter);
        return position ? `CSV file has been downloaded, as at event-log position ${position}` : undefined;
      }}
      testId="payments-export"
      label="Export payments CSV"
      disabled={disabled}
    />
  );
}
