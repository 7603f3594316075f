import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Decision } from '../lib/use-decision';

export type DecisionAction<S extends string> = { status: S; label: string; pendingLabel: string };

export const REJECT = { status: 'rejected', label: 'Reject', pendingLabel: 'Rejecting…' } as const;
export const APPROVE = { status: 'approved', label: 'Approve', pendingLabel: 'Approving…' } as const;

/** What the confirmation step names before a decision is sent: the record, the person, the amount, the outcome. */
export type DecisionConfirmation = {
  /** 'payment', 'application', 'sale'. */
  what: string;
  facts: readonly { label: string; value: ReactNode }[];
  /** What approving (or verifying) and rejecting each do. */
  consequences: { approve: string; reject: string };
  /** Checks the review's own fields first: false (having shown why) asks nothing. */
  precheck?: (status: string) => boolean;
};

/** Reject (red, a cross) or the approval (a check), with a spinner while it is sent. */
function ActionButton<S extends string>(props: {
  action: DecisionAction<S>;
  decision: Decision<S>;
  onClick: () => void;
  testId: string;
}) {
  const { action, decision } = props;
  const pending = decision.pending === action.status;
  const rejects = action.status === 'rejected';
  const Icon = rejects ? CircleX : CircleCheck;
  return (
    <Button
      variant={rejects ? 'destructive' : undefined}
      onClick={props.onClick}
      disabled={decision.busy || decision.decided}
      className="px-3 sm:px-5"
      data-testid={props.testId}
    >
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
      {pending ? action.pendingLabel : action.label}
    </Button>
  );
}

/**
 * Cancel / Reject / Approve pinned under a review. Reject and Approve first ask to confirm,
 * naming the person, the amount and what the decision does: none of them can be undone.
 */
export function DecisionActions<S extends string>(props: {
  decision: Decision<S | 'rejected'>;
  approve: DecisionAction<S>;
  confirmation: DecisionConfirmation;
  actionsTestId: string;
  cancelTestId: string;
  onCancel: () => void;
}) {
  const { decision, approve, confirmation, actionsTestId } = props;
  const [asking, setAsking] = useState<S | 'rejected' | null>(null);
  const rejecting = asking === 'rejected';
  const action = rejecting ? REJECT : approve;
  const ask = (status: S | 'rejected') => {
    if (confirmation.precheck && !confirmation.precheck(status)) return;
    setAsking(status);
  };
  return (
    <div className="grid grid-cols-3 gap-2 border-t border-slate-200 bg-white px-4 py-3 sm:flex sm:justify-end sm:px-6">
      <Button
        variant="outline"
        onClick={props.onCancel}
        disabled={decision.busy}
        className="px-3 sm:px-5"
        data-testid={props.cancelTestId}
      >
        {decision.decided ? 'Close' : 'Cancel'}
      </Button>
      <ActionButton action={REJECT} decision={decision} onClick={() => ask('rejected')} testId={`${actionsTestId}-reject`} />
      <ActionButton
        action={approve}
        decision={decision}
        onClick={() => ask(approve.status)}
        testId={`${actionsTestId}-${approve.label.toLowerCase()}`}
      />
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const status = asking;
          setAsking(null);
          if (status !== null) void decision.decide(status);
        }}
        title={`${action.label} this ${confirmation.what}?`}
        facts={confirmation.facts}
        consequence={rejecting ? confirmation.consequences.reject : confirmation.consequences.approve}
        confirmLabel={`Yes, ${action.label.toLowerCase()}`}
        destructive={rejecting}
        testId={`${actionsTestId}-confirm`}
      />
    </div>
  );
}
