import { formatNaira, MAX_RECEIPT_NUMBER_LENGTH } from '@acres/contracts';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NumberInput } from '@/components/ui/number-input';
import type { FieldProblem, ReviewFields } from '../lib/application-review';

function FieldError({ id, problems, field }: { id: string; problems: readonly FieldProblem[]; field: string }) {
  const message = problems.find((problem) => problem.field === field)?.message;
  return message ? (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** Amount verified and escrow receipt number, checked by the contract's rules when a decision is sent. */
export function ReviewFieldsEditor({
  fields,
  onChange,
  problems,
  disabled,
  expected,
}: {
  fields: ReviewFields;
  onChange: (fields: ReviewFields) => void;
  problems: readonly FieldProblem[];
  disabled: boolean;
  /** The subscription value, to compare the amount with. */
  expected: number;
}) {
  const id = useId();
  const amountError = problems.some((p) => p.field === 'amountVerified');
  const receiptError = problems.some((p) => p.field === 'escrowReceiptNumber');
  const difference = fields.amountVerified - expected;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-amount`}>Amount verified (₦)</Label>
        <NumberInput
          id={`${id}-amount`}
          value={fields.amountVerified}
          fallback={0}
          min={1}
          step={1}
          disabled={disabled}
          onValueChange={(amountVerified) => onChange({ ...fields, amountVerified })}
          aria-invalid={amountError}
          aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ''}`}
          data-testid="application-amount-verified"
        />
        <p id={`${id}-amount-hint`} className="text-xs text-slate-500">
          {difference === 0
            ? 'Equals the subscription value.'
            : `${formatNaira(Math.abs(difference))} ${difference > 0 ? 'above' : 'below'} the subscription value.`}
        </p>
        <FieldError id={`${id}-amount-error`} problems={problems} field="amountVerified" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-receipt`}>Escrow receipt number</Label>
        <Input
          id={`${id}-receipt`}
          value={fields.escrowReceiptNumber}
          maxLength={MAX_RECEIPT_NUMBER_LENGTH}
          disabled={disabled}
          autoComplete="off"
          onChange={(event) => onChange({ ...fields, escrowReceiptNumber: event.target.value })}
          aria-invalid={receiptError}
          aria-describedby={receiptError ? `${id}-receipt-error` : undefined}
          data-testid="application-receipt-number"
        />
        <FieldError id={`${id}-receipt-error`} problems={problems} field="escrowReceiptNumber" />
      </div>
    </div>
  );
}
