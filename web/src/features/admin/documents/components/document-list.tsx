import { type AdminDocument, DOCUMENT_CATEGORY_LABELS } from '@acres/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { formatBytes } from '../lib/document-file';
import { DocumentVersionForm } from './document-version-form';

const TYPE_LABELS: Record<AdminDocument['versions'][number]['contentType'], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/** Each document with its versions, the current one first and marked. */
export function DocumentList({
  documents,
  onNewVersion,
}: {
  documents: readonly AdminDocument[];
  onNewVersion: (documentId: string, file: File) => Promise<unknown>;
}) {
  if (documents.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="documents-empty">
        No document has been uploaded yet. Until one is, the site tells leads the package is being prepared.
      </p>
    );
  return (
    <ul className="flex flex-col gap-4" aria-label="Documents" data-testid="documents-list">
      {documents.map((document) => (
        <li key={document.id}>
          <Card className="flex flex-col gap-3 p-4" data-testid="document-item">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="min-w-0 text-base font-semibold break-words text-brand-950">{document.title}</h3>
              <Badge variant="secondary">{DOCUMENT_CATEGORY_LABELS[document.category]}</Badge>
            </div>
            <ol className="flex flex-col gap-1 text-sm" aria-label={`Versions of ${document.title}`}>
              {document.versions.map((version, index) => (
                <li key={version.version} className="flex flex-wrap gap-x-2 text-slate-700" data-testid="document-version">
                  <span className="font-medium text-slate-900">Version {version.version}</span>
                  {index === 0 ? <Badge>Current</Badge> : null}
                  <span>
                    {TYPE_LABELS[version.contentType]}, {formatBytes(version.sizeBytes)}
                  </span>
                  <span>
                    {formatDateTime(version.uploadedAt)} by {version.uploadedBy}
                  </span>
                </li>
              ))}
            </ol>
            <DocumentVersionForm title={document.title} onUpload={(file) => onNewVersion(document.id, file)} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
