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
import { Input } from '@/components/ui/input';
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
      <Field id="audit-kind" label="What">
        <Select
          id="audit-kind"
          options={KIND_OPTIONS}
          value={value.kind || ANY}
          onValueChange={set('kind')}
          data-testid="audit-filter-kind"
        />
      </Field>
      <Field id="audit-actor-kind" label="Who">
        <Select
          id="audit-actor-kind"
          options={ACTOR_KIND_OPTIONS}
          value={value.actorKind || ANY}
          onValueChange={set('actorKind')}
          data-testid="audit-filter-actor-kind"
        />
      </Field>
      <Field id="audit-actor" label="Account or id">
        <Input
          id="audit-actor"
          value={value.actor}
          onChange={(event) => set('actor')(event.target.value)}
          placeholder="e.g. admin username"
          autoComplete="off"
          data-testid="audit-filter-actor"
        />
      </Field>
      <Field id="audit-subject-type" label="Subject">
        <Select
          id="audit-subject-type"
          options={SUBJECT_OPTIONS}
          value={value.subjectType || ANY}
          onValueChange={set('subjectType')}
          data-testid="audit-filter-subject-type"
        />
      </Field>
      <Field id="audit-subject-id" label="Subject id or number">
        <Input
          id="audit-subject-id"
          value={value.subjectId}
          onChange={(event) => set('subjectId')(event.target.value)}
          placeholder="e.g. APP-2026-000123"
          autoComplete="off"
          data-testid="audit-filter-subject-id"
        />
      </Field>
      <Field id="audit-from" label="From (Lagos date)">
        <Input
          id="audit-from"
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={(event) => set('from')(event.target.value)}
          data-testid="audit-filter-from"
        />
      </Field>
      <Field id="audit-to" label="To (Lagos date)">
        <Input
          id="audit-to"
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(event) => set('to')(event.target.value)}
          data-testid="audit-filter-to"
        />
      </Field>
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
