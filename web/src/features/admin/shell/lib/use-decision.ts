import { createContext, useContext, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminErrorHandler } from '../api/use-admin-query';
import { useAdminSession } from './admin-session';

/** What a <DecisionDialog> gives the review inside it. */
export type DecisionDialogContextValue = {
  /** The dialog's test id; its parts are `${testId}-status`, `-body`, `-error`, `-cancel`… */
  testId: string;
  onClose: () => void;
  /** While a decision is being sent the dialog cannot be closed. */
  setBusy: (busy: boolean) => void;
};

export const DecisionDialogContext = createContext<DecisionDialogContextValue | null>(null);

export function useDecisionDialog(): DecisionDialogContextValue {
  const value = useContext(DecisionDialogContext);
  if (!value) throw new Error('useDecisionDialog must be used inside <DecisionDialog>');
  return value;
}

export type DecisionOptions<S extends string, A> = {
  /** Decided already (by this admin, elsewhere, or shown by the row): no second decision. */
  decided: boolean;
  /** Sends the decision with the admin's Basic header and the trimmed notes. */
  send: (authorization: string, status: S, notes: string) => Promise<A>;
  /** The success toast for the server's answer. */
  successToast: (answer: A) => { title: string; description?: string };
  failureTitle: string;
  describeFailure: (error: unknown) => string;
  /** After a refused decision, before its toast (e.g. read who decided meanwhile from a 409). */
  onFailure?: (error: unknown) => void;
  /** Fetches again what the decision changes on screen. */
  refresh: () => Promise<unknown>;
};

/**
 * A one-time decision (DESIGN 9) inside a <DecisionDialog>: the notes, the decision being
 * sent, and the last failure. Success: a toast, a refresh, and the dialog closes. A 401
 * or 403 signs the admin out; any other failure stays in the dialog and in a toast, and
 * the lists are fetched again (a 409 may mean someone else decided meanwhile).
 */
export function useDecision<S extends string, A>({
  decided,
  send,
  successToast,
  failureTitle,
  describeFailure,
  onFailure,
  refresh,
}: DecisionOptions<S, A>) {
  const { onClose, setBusy } = useDecisionDialog();
  const authorization = useAdminSession().session?.authorization ?? '';
  const onAuthError = useAdminErrorHandler();
  const [notes, setNotes] = useState('');
  const [pending, setPending] = useState<S | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = pending !== null;

  const decide = async (next: S) => {
    if (busy || decided) return;
    setPending(next);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await send(authorization, next, notes.trim());
      toast({ variant: 'success', ...successToast(answer) });
      void refresh().catch(() => undefined);
      setBusy(false);
      onClose();
    } catch (error) {
      setPending(null);
      setBusy(false);
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        onAuthError(error);
        return;
      }
      const description = describeFailure(error);
      setFailure(description);
      onFailure?.(error);
      toast({ variant: 'destructive', title: failureTitle, description });
      void refresh().catch(() => undefined);
    }
  };

  return { notes, setNotes, pending, failure, busy, decided, decide };
}

export type Decision<S extends string> = ReturnType<typeof useDecision<S, unknown>>;
