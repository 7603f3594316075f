import { UNSUBSCRIBE_MESSAGES } from '@acres/contracts/consent';
import { CircleCheck, MailX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PlainPage } from '@/components/layout/plain-page';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/problem';
import { unsubscribe } from '../api/unsubscribe-api';
import { AlertMessage } from '@/components/feedback/alert-message';

type State = { step: 'confirm' } | { step: 'sending' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 403)) return UNSUBSCRIBE_MESSAGES.token;
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return describeError(error) || 'Please try again.';
}

/**
 * /unsubscribe?token=…, the footer link of a marketing email. Opening it changes nothing (mail
 * scanners open links too): the person confirms with the button, which POSTs the token.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'confirm' });
  useEffect(() => {
    document.title = 'Unsubscribe — Acres Wholesale';
  }, []);

  const confirm = async () => {
    setState({ step: 'sending' });
    try {
      const answer = await unsubscribe(token);
      setState({ step: 'done', message: answer.message });
    } catch (error) {
      setState({ step: 'failed', message: failureMessage(error) });
    }
  };

  let body;
  if (!token) {
    body = <AlertMessage testId="unsubscribe-error">{UNSUBSCRIBE_MESSAGES.token}</AlertMessage>;
  } else if (state.step === 'done') {
    body = (
      <div
        className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
        data-testid="unsubscribe-done"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <p>{state.message}</p>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-slate-700">
          Confirm and we will stop sending marketing emails to this address. Messages about your own applications and payments
          will still reach you. You can also reply STOP to our SMS or WhatsApp messages.
        </p>
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-fit"
          onClick={() => void confirm()}
          disabled={state.step === 'sending'}
          data-testid="unsubscribe-confirm"
        >
          <MailX aria-hidden="true" />
          {state.step === 'sending' ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
        {state.step === 'failed' ? <AlertMessage testId="unsubscribe-error">{state.message}</AlertMessage> : null}
      </>
    );
  }

  return (
    <PlainPage width="max-w-xl" testId="unsubscribe-page">
      <h1 className="text-3xl font-bold tracking-tight text-brand-950">Unsubscribe from marketing emails</h1>
      <div
        className="mt-8 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        aria-live="polite"
      >
        {body}
      </div>
    </PlainPage>
  );
}
