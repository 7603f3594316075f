import { useSWRConfig } from 'swr';
import { Card } from '@/components/ui/card';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import {
  ADMIN_DOCUMENTS_KEY,
  addDocument,
  addDocumentVersion,
  uploadDocumentFile,
  useAdminDocuments,
} from '../api/documents-api';
import { DocumentList } from './document-list';
import { DocumentUploadForm, type DocumentUpload } from './document-upload-form';

/** The due-diligence room's documents: upload one with its title and category, and new versions. */
export function DocumentsPanel() {
  const { data, error, mutate } = useAdminDocuments();
  const authorization = useAdminAuthorization();
  const { mutate: mutateKey } = useSWRConfig();

  const upload = async ({ file, ...form }: DocumentUpload) => {
    if (!authorization) return;
    const objectPath = await uploadDocumentFile(authorization, file);
    await addDocument(authorization, { ...form, objectPath });
    await mutateKey(ADMIN_DOCUMENTS_KEY);
  };
  const newVersion = async (documentId: string, file: File) => {
    if (!authorization) return;
    await addDocumentVersion(authorization, documentId, await uploadDocumentFile(authorization, file));
    await mutateKey(ADMIN_DOCUMENTS_KEY);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_3fr]" data-testid="documents-panel">
      <Card className="self-start p-4 sm:p-6">
        <h2 className="mb-1 text-lg font-semibold text-brand-950">Upload a document</h2>
        <p className="mb-4 text-sm text-slate-600">
          The due-diligence package: title verification, survey plans, environmental assessment, zoning confirmation and
          development potential analysis. Leads see the current version of each.
        </p>
        <DocumentUploadForm onUpload={upload} />
      </Card>
      <section aria-labelledby="documents-title" className="flex min-w-0 flex-col gap-3">
        <h2 id="documents-title" className="text-lg font-semibold text-brand-950">
          Documents
        </h2>
        {error && !data ? (
          <PanelError what="the documents" error={error} onRetry={() => void mutate()} />
        ) : data ? (
          <DocumentList documents={data.documents} onNewVersion={newVersion} />
        ) : (
          <p className="text-sm text-slate-600">Loading documents…</p>
        )}
      </section>
    </div>
  );
}
