import type { DataExportQuery } from '@acres/contracts/data-export';
import { ExportCsvButton } from './export-csv-button';
import { downloadSubjectData } from '../api/data-export-api';

/** In an admin detail dialog: everything held about this subject, as the subject would get it. */
export function DownloadSubjectDataButton({ subject }: { subject: DataExportQuery }) {
  return (
    <div className="flex justify-end border-t border-slate-200 pt-4">
      <ExportCsvButton
        download={async (authorization) => `${await downloadSubjectData(authorization, subject)} has been downloaded`}
        testId="download-subject-data"
        label="Download data (ZIP)"
      />
    </div>
  );
}
