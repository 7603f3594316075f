import type { Payment } from '@acres/contracts';
import type { ReactNode } from 'react';
import { History, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaymentHistoryItem } from './payment-history-item';
import { ListEmpty, ListError, ListLoading } from '@/components/feedback/list-states';

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
    return <ListLoading>Loading your payments…</ListLoading>;
  }
  if (error && !payments) {
    return <ListError what="your payments" error={error} onRetry={onRefresh} />;
  }
  if (!payments || payments.length === 0) {
    return (
      <ListEmpty icon={History} title="No payments yet" testId="payments-empty">
        <p className="max-w-xs text-sm text-slate-600">
          When you submit a payment proof it appears here, with its review status and timeline.
        </p>
      </ListEmpty>
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
