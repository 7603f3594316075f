import { CircleAlert } from 'lucide-react';
import { Fragment, type ReactNode, useMemo, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { type Decision, DecisionDialogContext, useDecisionDialog } from '../lib/use-decision';
import { DecisionActions, type DecisionAction, type DecisionConfirmation } from './decision-actions';
import { DecisionNotes, type NotesAudience } from './decision-notes';
import { DetailSection } from './detail-list';
import { StatusBadge } from './status-badge';

export type DecisionDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Names the dialog's close button. */
  closeLabel: string;
  /** The dialog's width, e.g. 'max-w-3xl'. */
  className: string;
  /** Of the dialog; its parts add '-status', '-body', '-error', '-cancel' and the actions' own. */
  testId: string;
  /** The review, keyed by what is reviewed so notes never carry over to another. */
  children: ReactNode;
};

/**
 * The frame of a one-time decision (a payment's approval, a sale's verification): it
 * cannot be closed while the decision is being sent, and it takes focus itself (landing
 * in the notes would open a phone's keyboard over what the admin must look at).
 */
export function DecisionDialog({ open, onClose, closeLabel, className, testId, children }: DecisionDialogProps) {
  const [busy, setBusy] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const context = useMemo(() => ({ testId, onClose, setBusy }), [testId, onClose]);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      {open ? (
        <DialogContent
          className={`${className} gap-0 overflow-hidden p-0 sm:p-0`}
          preventClose={busy}
          closeLabel={closeLabel}
          ref={contentRef}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          data-testid={testId}
        >
          <DecisionDialogContext.Provider value={context}>{children}</DecisionDialogContext.Provider>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** A <DecisionDialog> open while there is a record to review, its review keyed by the record. */
export function ReviewDialog<T extends { id: string }>({
  record,
  children,
  ...dialog
}: Omit<DecisionDialogProps, 'open' | 'children'> & { record: T | null; children: (record: T) => ReactNode }) {
  return (
    <DecisionDialog open={record !== null} {...dialog}>
      {/* Keyed by record: notes typed for one never carry over to another. */}
      {record ? <Fragment key={record.id}>{children(record)}</Fragment> : null}
    </DecisionDialog>
  );
}

export { APPROVE, type DecisionAction, type DecisionConfirmation } from './decision-actions';

export type DecisionReviewProps<S extends string> = {
  /** Decides `approve`'s status or 'rejected'. */
  decision: Decision<S | 'rejected'>;
  title: ReactNode;
  /** The status the badge shows. */
  status: string;
  /** Next to the badge, e.g. '25 acres · ₦87.5M'. */
  summary: ReactNode;
  /** Under the summary on phones, e.g. 'Submitted 2 Mar 2025, 14:05'. */
  when: ReactNode;
  /** Shown instead of the notes once decided. */
  decisionSummary: ReactNode;
  /** Shown above the notes while undecided (e.g. the commission a verification fixes). */
  preview?: ReactNode;
  notesLabel?: string;
  /** Who reads the notes: said beside them, so nothing meant for staff reaches a person unawares. */
  notesAudience: NotesAudience;
  notesPlaceholder: string;
  notesTestId: string;
  /** The actions' test ids: this with '-reject', and with '-' and the approval's label in lower case. */
  actionsTestId: string;
  approve: DecisionAction<S>;
  /** The confirmation step's facts and consequences (issue 29: no decision in one click). */
  confirmation: DecisionConfirmation;
  /** Kept apart from the decision, below it (e.g. erasing the person's data). */
  apart?: ReactNode;
  /** What is reviewed: the details above the Review (or Decision) section. */
  children: ReactNode;
};

/**
 * The inside of a <DecisionDialog>: title, status and summary; the details (children); the
 * notes or, once decided, the decision; the failure; and Cancel / Reject / Approve pinned
 * below the scrolling body so they never scroll out of reach.
 */
export function DecisionReview<S extends string>({
  decision,
  title,
  status,
  summary,
  when,
  decisionSummary,
  preview,
  notesLabel = 'Notes',
  notesAudience,
  notesPlaceholder,
  notesTestId,
  actionsTestId,
  approve,
  confirmation,
  apart,
  children,
}: DecisionReviewProps<S>) {
  const { testId, onClose } = useDecisionDialog();
  const { busy, decided, failure } = decision;
  return (
    <>
      <DialogHeader className="mb-0 border-b border-slate-200 px-5 pt-5 pr-14 pb-4 sm:px-6 sm:pt-6 sm:pr-14">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span data-testid={`${testId}-status`}>
            <StatusBadge status={status} />
          </span>
          <span className="font-medium text-slate-800">{summary}</span>
          <span className="w-full sm:w-auto">{when}</span>
        </DialogDescription>
      </DialogHeader>

      <div
        className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6"
        data-testid={`${testId}-body`}
      >
        {children}

        <DetailSection title={decided ? 'Decision' : 'Review'}>
          {decided ? (
            decisionSummary
          ) : (
            <>
              {preview}
              <DecisionNotes
                label={notesLabel}
                audience={notesAudience}
                value={decision.notes}
                onChange={decision.setNotes}
                disabled={busy}
                placeholder={notesPlaceholder}
                testId={notesTestId}
              />
            </>
          )}
          {failure ? (
            <p
              role="alert"
              className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
              data-testid={`${testId}-error`}
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {failure}
            </p>
          ) : null}
        </DetailSection>
        {apart ? (
          // After the review, fenced off, with room below: never the control next to Approve or Reject.
          <div className="mt-6 mb-10 border-t-2 border-dashed border-slate-200 pt-6" data-testid={`${testId}-apart`}>
            {apart}
          </div>
        ) : null}
      </div>

      <DecisionActions
        decision={decision}
        approve={approve}
        confirmation={confirmation}
        actionsTestId={actionsTestId}
        cancelTestId={`${testId}-cancel`}
        onCancel={onClose}
      />
    </>
  );
}
