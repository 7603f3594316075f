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
  /** What is shown, for the form's name: 'the allocation', 'your payments'. */
  subject: string;
  testId: string;
  className?: string;
};

/** '28 Nov 2026, 14:30 (Lagos)' or 'end of 28 Nov 2026 (Lagos)': the moment in words, never a log position. */
const describeMoment = (value: NonNullable<AsOf>) => {
  if (!value.asOfDate) return 'the chosen moment';
  const day = formatCalendarDate(value.asOfDate);
  return value.asOfTime ? `${day}, ${value.asOfTime} (Lagos)` : `end of ${day} (Lagos)`;
};

function AsOfBanner({ value, onBack, testId }: { value: NonNullable<AsOf>; onBack: () => void; testId: string }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid={`${testId}-banner`}
    >
      <History className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Viewing as of <strong data-testid={`${testId}-moment`}>{describeMoment(value)}</strong>
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
  const form = useSchemaForm(AsOfFormSchema, { asOfDate: '', asOfTime: '' });
  return (
    <SchemaForm
      form={form}
      onSubmit={(values) => onSubmit(values)}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`View ${subject} as of a date and time`}
      data-testid={`${testId}-form`}
    >
      <FormField<AsOfFormValues>
        name="asOfDate"
        label="As of date"
        hint="The end of that day, Lagos time"
        inputProps={{ type: 'date', max: lagosDayIso(), className: 'sm:w-56' }}
      />
      <FormField<AsOfFormValues>
        name="asOfTime"
        label="Time (optional)"
        hint="Lagos time; leave it empty for the end of the day"
        inputProps={{ type: 'time', step: 1, className: 'sm:w-56' }}
      />
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
 * "As of": a view shown as the event log stood at a Lagos date and time, or at the end of
 * the day (the server replays up to it), with a banner saying so and the way back.
 */
export function AsOfControl({ value, onChange, subject, testId, className }: AsOfControlProps) {
  const [open, setOpen] = useState(false);
  if (value) {
    return (
      <div className={className}>
        <AsOfBanner value={value} onBack={() => onChange(null)} testId={testId} />
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
