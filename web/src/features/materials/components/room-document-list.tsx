import { DOCUMENT_CATEGORY_LABELS, type RoomDocument } from '@acres/contracts';
import { Download, FileText } from 'lucide-react';
import { formatMediumDateTime } from '@acres/contracts/lagos-time';

const TYPE_LABELS: Record<RoomDocument['contentType'], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
};

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The room's documents as a recipient sees them: the current version of each, in the package's
 * order, each a download (the server records it and names the file).
 */
export function RoomDocumentList({
  documents,
  hrefOf,
}: {
  documents: readonly RoomDocument[];
  hrefOf: (document: RoomDocument) => string;
}) {
  return (
    <ul className="flex flex-col divide-y divide-slate-100" aria-label="Due-diligence documents" data-testid="room-documents">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="room-document">
          <FileText className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-brand-950">{document.title}</p>
            <p className="text-sm text-slate-600">
              {DOCUMENT_CATEGORY_LABELS[document.category]} · {TYPE_LABELS[document.contentType]}, {sizeText(document.sizeBytes)}{' '}
              · updated {formatMediumDateTime(document.updatedAt)}
            </p>
          </div>
          <a
            href={hrefOf(document)}
            download
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-brand-800/25 bg-white px-4 text-sm font-semibold text-brand-900 hover:bg-brand-50"
            data-testid="room-document-download"
          >
            <Download className="size-4" aria-hidden="true" />
            Download<span className="sr-only"> {document.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
