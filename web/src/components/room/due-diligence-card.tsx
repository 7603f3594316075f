import { InvestorRoomSchema } from '@acres/contracts/materials';
import useSWR from 'swr';
import { TitledCard } from '@/components/ui/titled-card';
import { getQueryFn } from '@/lib/api-client';
import { RoomDocumentList } from './room-document-list';

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
        <RoomDocumentList documents={data.documents} hrefOf={(document) => `/api/documents/${document.id}/download`} />
      ) : (
        <p className="text-sm text-slate-600">
          The documents are being prepared. They will appear here as soon as they are ready.
        </p>
      )}
    </TitledCard>
  );
}
