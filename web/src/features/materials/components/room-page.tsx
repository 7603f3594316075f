import type { MaterialsPage as Room } from '@acres/contracts/materials';
import { formatMediumDateTime } from '@acres/contracts/lagos-time';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PlainPage } from '@/components/layout/plain-page';
import { RoomDocumentList } from './room-document-list';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/problem';
import { documentDownloadHref, fetchMaterialsPage, recordMaterialsView } from '../api/materials-api';
import { AlertMessage } from '@/components/feedback/alert-message';

type State = { step: 'loading' } | { step: 'open'; room: Room } | { step: 'closed'; message: string };

const closedMessage = (error: unknown) => {
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  // 404 and 410 carry the reason (forged, revoked or expired) as their detail.
  return (error instanceof ApiError && describeError(error)) || 'The materials could not be opened. Please try again.';
};

/**
 * /materials?token=…, the personal link a lead was sent: the current documents of the
 * due-diligence room, each a download. Opening it is recorded once per visit.
 */
export function MaterialsPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'loading' });
  const recorded = useRef(false);
  useEffect(() => {
    document.title = 'Due-diligence materials — Acres Wholesale';
  }, []);
  useEffect(() => {
    let live = true;
    fetchMaterialsPage(token).then(
      (room) => {
        if (!live) return;
        setState({ step: 'open', room });
        if (!recorded.current) {
          recorded.current = true;
          void recordMaterialsView(token).catch(() => undefined);
        }
      },
      (error: unknown) => live && setState({ step: 'closed', message: closedMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <PlainPage width="max-w-3xl" testId="materials-page">
      <h1 className="text-3xl font-bold tracking-tight text-brand-950">Your due-diligence materials</h1>
      <div
        className="mt-8 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        aria-live="polite"
      >
        {state.step === 'loading' ? <p className="text-slate-600">Opening the materials…</p> : null}
        {state.step === 'closed' ? <AlertMessage testId="materials-closed">{state.message}</AlertMessage> : null}
        {state.step === 'open' ? (
          <>
            <p className="text-slate-700">
              The package for the project as it stands today. This link is personal to you and works until{' '}
              {formatMediumDateTime(state.room.expiresAt)}.
            </p>
            {state.room.documents.length > 0 ? (
              <RoomDocumentList documents={state.room.documents} hrefOf={(d) => documentDownloadHref(token, d.id)} />
            ) : (
              <p className="text-slate-700" data-testid="materials-empty">
                The documents are being prepared. Our team will contact you as soon as they are ready.
              </p>
            )}
          </>
        ) : null}
      </div>
    </PlainPage>
  );
}
