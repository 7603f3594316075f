import { ExportCsvButton } from '@/features/admin/shell/components/export-csv-button';
import { downloadLeadsCsv } from '../api/leads-api';

/** Export CSV (SPEC 2, Admin) on the leads list: the leads the search shows, under the server's file name. */
export function ExportLeadsButton({ search }: { search: string }) {
  return (
    <ExportCsvButton
      download={async (authorization) => {
        await downloadLeadsCsv(authorization, search);
      }}
      testId="admin-export"
      label="Export leads CSV"
    />
  );
}
