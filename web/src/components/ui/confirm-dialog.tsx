import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

export type ConfirmDialogProps = {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The question, e.g. 'Approve this payment?'. */
  title: string;
  /** Who and how much: the facts the decision is about. */
  facts: readonly { label: string; value: ReactNode }[];
  /** What happens once confirmed, said plainly. */
  consequence: string;
  confirmLabel: string;
  /** Red for a refusal or a loss (reject, skip, erase); brand colour for an approval. */
  destructive?: boolean;
  testId: string;
};

/**
 * The step before a decision that cannot be undone: it names the person, the amount and the
 * consequence, and only its own button sends the decision. "Go back" is focused first, so a
 * stray Enter never confirms.
 */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  facts,
  consequence,
  confirmLabel,
  destructive,
  testId,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      {open ? (
        <DialogContent
          className="max-w-md"
          closeLabel="Go back"
          hideCloseButton
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          data-testid={testId}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="flex gap-2 text-slate-700">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
              <span data-testid={`${testId}-consequence`}>{consequence}</span>
            </DialogDescription>
          </DialogHeader>
          <dl
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-3 text-sm"
            data-testid={`${testId}-facts`}
          >
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 py-2">
                <dt className="text-slate-600">{fact.label}</dt>
                <dd className="min-w-0 font-semibold break-words text-slate-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
          <DialogFooter>
            <Button ref={cancelRef} type="button" variant="outline" onClick={onCancel} data-testid={`${testId}-cancel`}>
              Go back
            </Button>
            <Button
              type="button"
              variant={destructive ? 'destructive' : undefined}
              onClick={onConfirm}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
