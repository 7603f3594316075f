import {
  AUDIT_ACTOR_KINDS,
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AUDIT_SUBJECT_TYPES,
  type AuditActorKind,
} from '@acres/contracts/audit-log';
import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input, type InputProps } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, type SelectOption } from '@/components/ui/select';
import { EMPTY_AUDIT_FILTERS, type AuditFilterState } from '../api/audit-api';
import { SUBJECT_LABELS } from '../lib/audit-labels';

// Radix Select has no empty value: 'any' stands for "no filter" in the dropdowns.
const ANY = 'any';

const ACTOR_KIND_LABELS: Readonly<Record<AuditActorKind, string>> = {
  admin: 'Admin',
  investor: 'Investor',
  affiliate: 'Affiliate',
  applicant: 'Applicant',
  contact: 'Contact',
  system: 'System',
};

const withAny = (label: string, options: readonly SelectOption[]): SelectOption[] => [{ value: ANY, label }, ...options];

const KIND_OPTIONS = withAny(
  'Any kind',
  AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
);
const ACTOR_KIND_OPTIONS = withAny(
  'Anyone',
  AUDIT_ACTOR_KINDS.map((kind) => ({ value: kind, label: ACTOR_KIND_LABELS[kind] })),
);
const SUBJECT_OPTIONS = withAny(
  'Any subject',
  AUDIT_SUBJECT_TYPES.map((type) => ({ value: type, label: SUBJECT_LABELS[type] })),
);

type FieldProps = { id: string; label: string; children: ReactNode };

function Field({ id, label, children }: FieldProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Every filter but the dates, in the order shown. */
const FILTERS = [
  { name: 'kind', id: 'kind', label: 'What', options: KIND_OPTIONS },
  { name: 'actorKind', id: 'actor-kind', label: 'Who', options: ACTOR_KIND_OPTIONS },
  { name: 'actor', id: 'actor', label: 'Staff name, account or id', placeholder: 'e.g. a staff member’s name' },
  { name: 'subjectType', id: 'subject-type', label: 'Subject', options: SUBJECT_OPTIONS },
  { name: 'subjectId', id: 'subject-id', label: 'Subject id or number', placeholder: 'e.g. APP-2026-000123' },
] as const;

const DATE_FILTERS = [
  { name: 'from', label: 'From (Lagos date)' },
  { name: 'to', label: 'To (Lagos date)' },
] as const;

/** The control's id is `audit-${id}` and its test id `audit-filter-${id}`. */
type FilterProps = { id: string; label: string; value: string; onChange: (next: string) => void };

function SelectFilter({ id, label, options, value, onChange }: FilterProps & { options: SelectOption[] }) {
  return (
    <Field id={`audit-${id}`} label={label}>
      <Select
        id={`audit-${id}`}
        options={options}
        value={value || ANY}
        onValueChange={onChange}
        data-testid={`audit-filter-${id}`}
      />
    </Field>
  );
}

function InputFilter({ id, label, value, onChange, ...input }: FilterProps & Omit<InputProps, 'id' | 'value' | 'onChange'>) {
  return (
    <Field id={`audit-${id}`} label={label}>
      <Input
        id={`audit-${id}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
        data-testid={`audit-filter-${id}`}
      />
    </Field>
  );
}

/** Kind, who, subject and a Lagos date range; each change shows the first page again. */
export function AuditFilters({ value, onChange }: { value: AuditFilterState; onChange: (next: AuditFilterState) => void }) {
  const set = (name: keyof AuditFilterState) => (next: string) => onChange({ ...value, [name]: next === ANY ? '' : next });
  const isFiltered = Object.values(value).some((text) => text !== '');
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      {FILTERS.map(({ name, ...filter }) =>
        'options' in filter ? (
          <SelectFilter key={name} {...filter} value={value[name]} onChange={set(name)} />
        ) : (
          <InputFilter key={name} {...filter} autoComplete="off" value={value[name]} onChange={set(name)} />
        ),
      )}
      {DATE_FILTERS.map(({ name, label }) => (
        <InputFilter
          key={name}
          id={name}
          label={label}
          type="date"
          value={value[name]}
          // Each end bounds the other, so the picker offers only a valid range.
          min={name === 'to' ? value.from || undefined : undefined}
          max={name === 'from' ? value.to || undefined : undefined}
          onChange={set(name)}
        />
      ))}
      <div className="flex items-end">
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={!isFiltered}
          onClick={() => onChange(EMPTY_AUDIT_FILTERS)}
          data-testid="audit-filter-reset"
        >
          <RotateCcw aria-hidden="true" />
          Clear filters
        </Button>
      </div>
    </form>
  );
}
