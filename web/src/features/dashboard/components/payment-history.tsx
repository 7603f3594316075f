import type { Payment } from '@acres/contracts';
import type { ReactNode } from 'react';
import { CircleAlert, History, LoaderCircle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { describeError } from '@/lib/problem';
import { PaymentHistoryItem } from './payment-history-item';

export type PaymentHistoryProps = {
  payments: Payment[] | undefined;
  error: unknown;
  isLoading: boolean;
  isValidating: boolean;
  onRefresh: () => void;
  /** The "As of" control and banner, under the title. */
  asOfControl?: ReactNode;
};

function HistoryBody({ payments, error, isLoading, onRefresh }: PaymentHistoryProps) {
  if (isLoading && !payments) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-500">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Loading your payments…
      </p>
    );
  }
  if (error && !payments) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800">
        <span className="flex items-center gap-2 font-semibold">
          <CircleAlert className="size-4" aria-hidden="true" />
          Could not load your payments
        </span>
        <span>{describeError(error)}</span>
        <Button variant="outline" size="sm" onClick={onRefresh}>
          Try again
        </Button>
      </div>
    );
  }
  if (!payments || payments.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center"
        data-testid="payments-empty"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <History className="size-6" aria-hidden="true" />
        </span>
        <p className="font-semibold text-slate-900">No payments yet</p>
        <p className="max-w-xs text-sm text-slate-600">
          When you submit a payment proof it appears here, with its review status and timeline.
        </p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="payments-list">
      {payments.map((payment) => (
        <PaymentHistoryItem key={payment.id} payment={payment} />
      ))}
    </ul>
  );
}

/** SPEC 2: the investor's payments, newest first, each with its status and timeline. */
export function PaymentHistory(props: PaymentHistoryProps) {
  return (
    <Card data-testid="payment-history">
      <CardHeader className="flex-row items-start justify-between gap-3 pb-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-xl text-brand-950">Payment History</CardTitle>
          <CardDescription>Every proof you submitted and where its review stands.</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={props.onRefresh}
          disabled={props.isValidating}
          aria-label="Refresh payment history"
          className="-mt-1 -mr-2"
        >
          <RefreshCw className={props.isValidating ? 'animate-spin' : undefined} aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 pt-0">
        {props.asOfControl}
        <HistoryBody {...props} />
      </CardContent>
    </Card>
  );
}
