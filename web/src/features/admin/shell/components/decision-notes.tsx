import { MAX_NOTES_LENGTH } from '@acres/contracts';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export type NotesAudience = 'internal' | 'investor' | 'affiliate';

const AUDIENCE = {
  internal: { tag: 'Internal', hint: 'Only staff read these notes.', variant: 'secondary' },
  investor: {
    tag: 'Visible to the investor',
    hint: 'The investor reads these notes word for word, in their payment history and email.',
    variant: 'warning',
  },
  affiliate: {
    tag: 'Visible to the affiliate',
    hint: 'The affiliate reads these notes word for word, in their email.',
    variant: 'warning',
  },
} as const satisfies Record<NotesAudience, { tag: string; hint: string; variant: string }>;

type DecisionNotesProps = {
  label: string;
  /** Who reads the notes: said beside them, so nothing meant for staff reaches a person unawares. */
  audience: NotesAudience;
  value: string;
  onChange: (notes: string) => void;
  disabled: boolean;
  placeholder: string;
  testId: string;
};

/** A decision's notes, labelled by who will read them. */
export function DecisionNotes({ label, audience, value, onChange, disabled, placeholder, testId }: DecisionNotesProps) {
  const id = useId();
  const look = AUDIENCE[audience];
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Badge variant={look.variant} data-testid={`${testId}-audience`}>
          {look.tag}
        </Badge>
      </div>
      <p id={`${id}-audience`} className="text-xs text-slate-600">
        {look.hint}
      </p>
      <Textarea
        id={id}
        aria-describedby={`${id}-audience`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={MAX_NOTES_LENGTH}
        disabled={disabled}
        placeholder={placeholder}
        data-testid={testId}
      />
    </div>
  );
}
