import { type AdminApplication, type ApplicationDecisionStatus, formatMillions, formatNaira } from '@acres/contracts';
import { useState } from 'react';
import { APPROVE, DecisionReview, ReviewDialog } from '@/features/admin/shell/components/decision-dialog';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { useDecision } from '@/features/admin/shell/lib/use-decision';
import { DecisionNotes, DecisionOutcome } from '@/features/admin/shell/components/decision-outcome';
import { decideApplication, useRefreshAfterApplicationDecision } from '../api/applications-api';
import {
  APPLICATION_DECISION_TOASTS,
  buildDecision,
  describeApplicationDecisionFailure,
  type FieldProblem,
  ReviewInvalidError,
  type ReviewFields,
} from '../lib/application-review';
import { ApplicationDetail } from './application-detail';
import { ReviewFieldsEditor } from './review-fields-editor';
import { applicantName } from './applications-table';
import { ConsentHistorySection } from '@/features/admin/consent/components/consent-history-section';
import { ErasePersonalData } from '@/features/admin/erasure/components/erase-personal-data';
import { DownloadSubjectDataButton } from '@/features/admin/shell/components/download-subject-data-button';

function DecisionSummary({ application: a }: { application: AdminApplication }) {
  return (
    <DecisionOutcome
      outcome={{ status: a.status, by: a.decidedBy, at: a.decidedAt }}
      subject="application"
      testId="application-decision"
    >
      <p className="mt-1">
        Amount verified: {a.amountVerified === null ? 'none recorded' : formatNaira(a.amountVerified)} · Escrow receipt:{' '}
        {a.escrowReceiptNo ?? 'none recorded'}
      </p>
      <DecisionNotes notes={a.decisionNotes} />
    </DecisionOutcome>
  );
}

const EDITED_FIELDS = new Set(['amountVerified', 'escrowReceiptNumber']);

function ApplicationReview({ application }: { application: AdminApplication }) {
  const refresh = useRefreshAfterApplicationDecision();
  // The amount starts as what the acres cost: the admin corrects it to what the escrow received.
  const [fields, setFields] = useState<ReviewFields>({ amountVerified: application.subscriptionValue, escrowReceiptNumber: '' });
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const decision = useDecision({
    decided: application.status !== 'pending',
    send: async (authorization, status: ApplicationDecisionStatus, notes) => {
      setProblems([]);
      try {
        return await decideApplication(authorization, application, buildDecision(status, fields, notes));
      } catch (error) {
        if (error instanceof ReviewInvalidError) setProblems(error.problems);
        throw error;
      }
    },
    successToast: (answer) => APPLICATION_DECISION_TOASTS[answer.status],
    failureTitle: APPLICATION_DECISION_TOASTS.failure.title,
    describeFailure: describeApplicationDecisionFailure,
    refresh,
  });

  return (
    <DecisionReview
      decision={decision}
      title={applicantName(application)}
      status={application.status}
      summary={
        <>
          <span className="font-mono text-xs font-semibold text-brand-800">{application.applicationNumber}</span> ·{' '}
          {application.acresSubscribed} acres · {formatMillions(application.subscriptionValue)}
        </>
      }
      when={<>Submitted {formatDateTime(application.createdAt)}</>}
      decisionSummary={<DecisionSummary application={application} />}
      preview={
        <ReviewFieldsEditor
          fields={fields}
          onChange={(next) => {
            setFields(next);
            // What was wrong is being corrected: its message goes until the next try.
            setProblems([]);
          }}
          problems={problems}
          disabled={decision.busy}
          expected={application.subscriptionValue}
        />
      }
      notesPlaceholder="What you checked, or why you reject it. Required to reject; only admins read the notes."
      notesAudience="internal"
      notesTestId="application-notes"
      actionsTestId="application-review"
      approve={APPROVE}
      confirmation={{
        what: 'application',
        // A missing receipt or a reject without notes is said under the field, before any confirmation.
        precheck: (status) => {
          try {
            buildDecision(status as ApplicationDecisionStatus, fields, decision.notes.trim());
            return true;
          } catch (error) {
            if (!(error instanceof ReviewInvalidError)) throw error;
            // Only what the fields above can show; anything else (notes) the decision itself reports.
            const shown = error.problems.filter((problem) => EDITED_FIELDS.has(problem.field));
            if (shown.length < error.problems.length) return true;
            setProblems(shown);
            return false;
          }
        },
        facts: [
          { label: 'Applicant', value: `${applicantName(application)} (${application.applicationNumber})` },
          {
            label: 'Applied for',
            value: `${application.acresSubscribed} acres · ${formatNaira(application.subscriptionValue)}`,
          },
          {
            label: 'Amount verified',
            value: Number.isFinite(fields.amountVerified) ? formatNaira(fields.amountVerified) : 'not entered',
          },
          { label: 'Escrow receipt', value: fields.escrowReceiptNumber.trim() || 'not entered' },
        ],
        consequences: {
          approve:
            'The applicant sees the application approved, with the amount verified and the receipt, on the status page and their dashboard. This cannot be undone.',
          reject: 'The applicant sees the application rejected. This cannot be undone.',
        },
      }}
      apart={<ErasePersonalData kind="application" id={application.id} />}
    >
      <ApplicationDetail subscription={application} />
      <ConsentHistorySection kind="application" id={application.id} />
      <DownloadSubjectDataButton subject={{ kind: 'application', id: application.id }} />
    </DecisionReview>
  );
}

/** The application, what the escrow received and its receipt, notes, and Cancel / Reject / Approve (decided once). */
export function ApplicationReviewDialog({ application, onClose }: { application: AdminApplication | null; onClose: () => void }) {
  return (
    <ReviewDialog
      record={application}
      onClose={onClose}
      closeLabel="Close application review"
      className="max-w-2xl"
      testId="application-detail"
    >
      {(shown) => <ApplicationReview application={shown} />}
    </ReviewDialog>
  );
}
