import { ExportCsvButton } from '@/features/admin/shell/components/export-csv-button';
import { downloadPaymentsCsv, type PaymentAuditFilter } from '../api/payments-api';

/** The payment audit's export: the filtered payments as CSV (the file names the log position it is as at). */
export function ExportPaymentsButton({ filter, disabled }: { filter: PaymentAuditFilter; disabled?: boolean }) {
  return (
    <ExportCsvButton
      download={async (authorization) => {
        await downloadPaymentsCsv(authorization, filter);
      }}
      testId="payments-export"
      label="Export payments CSV"
      disabled={disabled}
    />
  );
}
