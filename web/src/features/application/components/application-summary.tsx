import { formatNaira } from '@acres/contracts';
import { useId } from 'react';
import { formatCalendarDate } from '@acres/contracts/lagos-time';
import {
  GENDER_LABELS,
  labelOf,
  MARITAL_STATUS_LABELS,
  MODE_OF_PAYMENT_LABELS,
  PAYMENT_OPTION_LABELS,
} from '../application-labels';
import type { WizardValues } from '../wizard-rules';

type Row = { label: string; value: string };
type Group = { title: string; rows: Row[] };

function text(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : '—';
}

function number(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function summaryGroups(v: WizardValues): Group[] {
  const fullName = [v.firstName, v.otherName, v.surname]
    .map(text)
    .filter((part) => part !== '—')
    .join(' ');
  const realtor = [v.realtorName, v.realtorMobile, v.realtorEmail].map(text).filter((part) => part !== '—');
  return [
    {
      title: 'Applicant',
      rows: [
        { label: 'Name', value: fullName || '—' },
        { label: 'Email', value: text(v.email) },
        { label: 'Phone', value: text(v.phoneNumber) },
        { label: 'Date of birth', value: text(formatCalendarDate(text(v.dateOfBirth) === '—' ? '' : String(v.dateOfBirth))) },
        { label: 'Gender', value: labelOf(GENDER_LABELS, v.gender) },
        { label: 'Marital status', value: labelOf(MARITAL_STATUS_LABELS, v.maritalStatus) },
        { label: 'Nationality', value: text(v.nationality) },
        { label: 'City', value: text(v.city) },
        { label: 'Occupation', value: text(v.occupation) },
        { label: 'Passport photo', value: text(v.passportPhotoUrl) === '—' ? 'Not provided' : 'Uploaded' },
      ],
    },
    {
      title: 'Next of kin',
      rows: [
        { label: 'Name', value: text(v.kinName) },
        { label: 'Relationship', value: text(v.kinRelationship) },
        { label: 'Phone', value: text(v.kinPhone) },
        { label: 'Email', value: text(v.kinEmail) },
      ],
    },
    {
      title: 'Investment',
      rows: [
        { label: 'Acres', value: String(number(v.acresSubscribed)) },
        { label: 'Subscription value', value: formatNaira(number(v.subscriptionValue)) },
        { label: 'Payment option', value: labelOf(PAYMENT_OPTION_LABELS, v.paymentOption) },
        { label: 'Mode of payment', value: labelOf(MODE_OF_PAYMENT_LABELS, v.modeOfPayment) },
        { label: 'Terms acknowledged', value: v.acknowledgment === true ? 'Yes' : 'No' },
        { label: 'Realtor/partner', value: realtor.length > 0 ? realtor.join(' · ') : 'None' },
      ],
    },
  ];
}

/** What will be submitted, so the investor can check it before sending (SPEC 2, step 5). */
export function ApplicationSummary({ values }: { values: WizardValues }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="application-summary" className="rounded-xl border border-slate-200">
      <h4 id={titleId} className="border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm font-semibold text-brand-950">
        Summary of your application
      </h4>
      <div className="grid gap-4 p-4 md:grid-cols-3">
        {summaryGroups(values).map((group) => (
          <div key={group.title} className="min-w-0">
            <h5 className="mb-2 text-xs font-semibold tracking-wide text-gold-700 uppercase">{group.title}</h5>
            <dl className="grid gap-1.5 text-sm">
              {group.rows.map((row) => (
                // minmax(0, 1fr): a 60-character email wraps inside the column instead of widening it.
                <div key={row.label} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2 md:grid-cols-1 md:gap-0">
                  <dt className="text-slate-500">{row.label}</dt>
                  <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">{row.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}
