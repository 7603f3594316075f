import { EMAIL_VERIFICATION_SENT_MESSAGE } from '@acres/contracts';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/problem';
import { resendEmailVerification } from '@/lib/email-verification';

/** "Resend link": a new link to the signed-in account's email (earlier ones stop working); says what happened. */
export function ResendVerificationButton({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'done' | 'failed'; message: string }>({
    kind: 'idle',
  });

  async function resend() {
    setState({ kind: 'sending' });
    try {
      await resendEmailVerification();
      setState({ kind: 'done', message: EMAIL_VERIFICATION_SENT_MESSAGE });
    } catch (error) {
      setState({ kind: 'failed', message: describeError(error) || 'Could not send a new link. Please try again.' });
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        variant={variant}
        onClick={resend}
        disabled={state.kind === 'sending'}
        data-testid="resend-verification"
        className="w-fit"
      >
        {state.kind === 'sending' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Resend link
      </Button>
      {state.kind === 'done' || state.kind === 'failed' ? (
        <p
          role={state.kind === 'failed' ? 'alert' : 'status'}
          className={state.kind === 'failed' ? 'text-sm text-red-700' : 'text-sm text-slate-700'}
          data-testid="resend-verification-result"
        >
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
