import { LeadMetricsQuerySchema, type LeadMetrics, type LeadMetricsQuery } from '@acres/contracts/lead-pipeline-reads';
import { formatCalendarDate } from '@acres/contracts/lagos-time';
import { lazy, Suspense, useState } from 'react';
import { SubmitButton } from '@/components/form/form-parts';
import { FormField, SchemaForm, useSchemaForm } from '@/components/form/schema-form';
import { useLeadMetrics } from '../api/charts-api';
import { formatMinutes, formatShare } from '../lib/format-minutes';

const LeadFunnel = lazy(() => import('./lead-funnel').then((module) => ({ default: module.LeadFunnel })));

const CARD = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const FROM_INPUT = { type: 'date', 'data-testid': 'lead-metrics-from' };
const TO_INPUT = { type: 'date', 'data-testid': 'lead-metrics-to' };

function PeriodForm({ onChange }: { onChange: (period: LeadMetricsQuery) => void }) {
  const form = useSchemaForm(LeadMetricsQuerySchema, { from: '', to: '' });
  return (
    <SchemaForm
      form={form}
      onSubmit={onChange}
      aria-label="Period of the lead figures"
      className="grid grid-cols-2 items-end gap-3 sm:flex"
    >
      <FormField name="from" label="From" inputProps={FROM_INPUT} />
      <FormField name="to" label="To" inputProps={TO_INPUT} />
      <SubmitButton
        pending={false}
        label="Show"
        pendingLabel="Showing…"
        size="md"
        className="col-span-2 sm:col-span-1"
        data-testid="lead-metrics-show"
      />
    </SchemaForm>
  );
}

function Tile({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-brand-50 p-3 sm:p-4" data-testid={testId}>
      <p className="text-xs font-medium text-brand-700 uppercase">{label}</p>
      <p className="mt-1 text-xl font-bold text-brand-950 tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="mt-0.5 text-xs text-slate-600">{detail}</p>
    </div>
  );
}

function FirstContact({ metrics }: { metrics: LeadMetrics }) {
  const { firstContact: first } = metrics;
  return (
    <div className={`${CARD} flex flex-col gap-3`} data-testid="lead-first-contact">
      <h3 className="text-sm font-semibold text-slate-900">Time to first contact</h3>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Tile
          label="Median"
          value={first.medianMinutes === null ? '—' : formatMinutes(first.medianMinutes)}
          detail={`${first.contacted} of the period's leads contacted`}
          testId="lead-median-contact"
        />
        <Tile
          label="Within 24 hours"
          value={first.shareWithin24Hours === null ? '—' : formatShare(first.shareWithin24Hours)}
          detail={`${first.within24Hours} of ${first.due} leads whose 24 hours are up`}
          testId="lead-within-24h"
        />
      </div>
    </div>
  );
}

/** The sales desk's figures for a chosen period: how soon leads are first contacted, and the funnel. */
export function LeadMetricsSection() {
  const [period, setPeriod] = useState<LeadMetricsQuery>({ from: undefined, to: undefined });
  const { data, error } = useLeadMetrics(period);
  if (error && !data) return null;
  return (
    <section aria-labelledby="lead-metrics-title" className="flex flex-col gap-3" data-testid="lead-metrics">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="lead-metrics-title" className="text-base font-semibold text-brand-950">
            Leads: contact and funnel
          </h2>
          <p className="text-sm text-slate-600" data-testid="lead-metrics-period">
            {data ? `${formatCalendarDate(data.from)} to ${formatCalendarDate(data.to)}, Lagos time` : 'Loading…'}
          </p>
        </div>
        <PeriodForm onChange={setPeriod} />
      </div>
      {data ? (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:gap-4">
          <FirstContact metrics={data} />
          <Suspense fallback={<div className={`${CARD} h-72 animate-pulse`} aria-hidden="true" />}>
            <LeadFunnel metrics={data} className={CARD} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
