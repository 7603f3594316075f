import { DOCUMENT_CATEGORY_LABELS } from '@acres/contracts/documents-reads';
import { InvestorRoomSchema } from '@acres/contracts/materials';
import { Download } from 'lucide-react';
import useSWR from 'swr';
import { TitledCard } from '@/components/ui/titled-card';
import { getQueryFn } from '@/lib/api-client';

export const INVESTOR_ROOM_KEY = '/api/documents';

const fetchRoom = getQueryFn<unknown>({ on401: 'returnNull' });

/**
 * The due-diligence room on the dashboard of an investor or approved applicant: the current
 * documents, each download recorded against the account. Nobody else sees the card.
 */
export function DueDiligenceCard({ className }: { className?: string }) {
  const { data } = useSWR(INVESTOR_ROOM_KEY, async (key: string) => {
    const answer = await fetchRoom(key);
    return answer === null ? null : InvestorRoomSchema.parse(answer);
  });
  if (!data?.eligible) return null;
  return (
    <TitledCard
      title="Due-diligence documents"
      className={className}
      contentClassName="flex flex-col gap-3 pt-2"
      data-testid="due-diligence-card"
    >
      {data.documents.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Due-diligence documents">
          {data.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="room-document">
              <span className="min-w-0 text-sm break-words text-brand-950">
                <span className="font-medium">{document.title}</span>
                <span className="block text-slate-600">{DOCUMENT_CATEGORY_LABELS[document.category]}</span>
              </span>
              <a
                href={`/api/documents/${document.id}/download`}
                download
                className="inline-flex h-9 items-center gap-2 rounded-lg border border-brand-800/25 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50"
              >
                <Download className="size-4" aria-hidden="true" />
                Download<span className="sr-only"> {document.title}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          The documents are being prepared. They will appear here as soon as they are ready.
        </p>
      )}
    </TitledCard>
  );
}
