import { ExportCsvButton } from '@/features/admin/shell/components/export-csv-button';
import { type ApplicationFilter, downloadApplicationsCsv } from '../api/applications-api';

/** Export CSV of the applications the filter shows, downloaded under the server's file name. */
export function ExportApplicationsButton({ status }: { status: ApplicationFilter }) {
  return (
    <ExportCsvButton
      download={async (authorization) => {
        await downloadApplicationsCsv(authorization, status);
      }}
      testId="applications-export"
    />
  );
}
