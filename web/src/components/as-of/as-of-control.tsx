import { AsOfFormSchema, type AsOfFormValues } from '@acres/contracts/as-of';
import { History } from 'lucide-react';
import { useState } from 'react';
import { FormField, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCalendarDate, lagosDayIso } from '@acres/contracts/lagos-time';
import type { AsOf } from './as-of-query';

type AsOfControlProps = {
  value: AsOf;
  onChange: (value: AsOf) => void;
  /** The log position the shown answer is as of (from the server), once it has come. */
  position?: string | undefined;
  /** Or the shown answer itself: its position counts while a moment is asked for. */
  answer?: { asOfPosition?: string } | undefined;
  /** What is shown, for the form's name: 'the allocation', 'your payments'. */
  subject: string;
  testId: string;
  className?: string;
};

function AsOfBanner({
  value,
  position,
  onBack,
  testId,
}: {
  value: NonNullable<AsOf>;
  position?: string;
  onBack: () => void;
  testId: string;
}) {
  const day = value.asOfDate ? formatCalendarDate(value.asOfDate) : null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid={`${testId}-banner`}
    >
      <History className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Viewing as of {day ? <strong>end of {day} (Lagos)</strong> : null}
        {day ? ', ' : null}
        log position{' '}
        <strong className="tabular-nums" data-testid={`${testId}-position`}>
          {position ?? value.asOf ?? '…'}
        </strong>
      </p>
      <Button variant="outline" size="sm" onClick={onBack} data-testid={`${testId}-back`}>
        Back to now
      </Button>
    </div>
  );
}

function AsOfForm({
  subject,
  onSubmit,
  onCancel,
  testId,
}: {
  subject: string;
  onSubmit: (value: NonNullable<AsOf>) => void;
  onCancel: () => void;
  testId: string;
}) {
  const form = useSchemaForm(AsOfFormSchema, { asOfDate: '', asOf: '' });
  return (
    <SchemaForm
      form={form}
      onSubmit={(values) => onSubmit(values)}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`View ${subject} as of a date`}
      data-testid={`${testId}-form`}
    >
      <FormField<AsOfFormValues>
        name="asOfDate"
        label="As of date"
        hint="The end of that day, Lagos time"
        inputProps={{ type: 'date', max: lagosDayIso(), className: 'sm:w-56' }}
      />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Advanced: a log position instead</summary>
        <FormField<AsOfFormValues>
          name="asOf"
          label="Log position"
          hint="The number an export or statement names as its event-log position"
          className="mt-2"
          inputProps={{ inputMode: 'numeric', className: 'sm:w-56' }}
        />
      </details>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" data-testid={`${testId}-submit`}>
          View as of
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </SchemaForm>
  );
}

/**
 * "As of": a view shown as the event log stood at the end of a Lagos day or at a log
 * position (the server replays up to it), with a banner saying so and the way back.
 */
export function AsOfControl({ value, onChange, position, answer, subject, testId, className }: AsOfControlProps) {
  const [open, setOpen] = useState(false);
  if (value) {
    return (
      <div className={className}>
        <AsOfBanner value={value} position={position ?? answer?.asOfPosition} onBack={() => onChange(null)} testId={testId} />
      </div>
    );
  }
  return (
    <div className={cn('flex flex-col items-start gap-2', className)}>
      {open ? (
        <AsOfForm
          subject={subject}
          testId={testId}
          onCancel={() => setOpen(false)}
          onSubmit={(next) => {
            setOpen(false);
            onChange(next);
          }}
        />
      ) : (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid={`${testId}-open`}>
          <History aria-hidden="true" />
          As of…
        </Button>
      )}
    </div>
  );
}
