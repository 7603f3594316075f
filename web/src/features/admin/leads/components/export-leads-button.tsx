import { ExportCsvButton } from '@/features/admin/shell/components/export-csv-button';
import { downloadLeadsCsv } from '../api/leads-api';

/** Export CSV (SPEC 2, Admin): every lead, downloaded under the server's file name. */
export function ExportLeadsButton() {
  return (
    <ExportCsvButton
      download={async (authorization) => {
        await downloadLeadsCsv(authorization);
      }}
      testId="admin-export"
      variant="primary"
    />
  );
}
