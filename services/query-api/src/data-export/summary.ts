// summary.html: the export read by a person rather than a program. Self-contained (no
// script, no external style or image), every value escaped, times in Lagos time.

import { formatNaira } from '@acres/contracts/money';
import type { DataExport } from './export.ts';
import type { Row } from './records.ts';
import { formatMediumDateTime } from '@acres/contracts/lagos-time';

const escapeHtml = (value: unknown): string =>
  String(value ?? '—').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const when = (value: unknown) => (typeof value === 'string' && value !== '' ? formatMediumDateTime(value) : '—');
const naira = (value: unknown) => (typeof value === 'number' ? formatNaira(value) : '—');

type Column = { label: string; value: (row: Row) => string };

const table = (rows: readonly Row[], columns: readonly Column[], empty: string) =>
  rows.length === 0
    ? `<p>${escapeHtml(empty)}</p>`
    : `<table><thead><tr>${columns.map((column) => `<th>${escapeHtml(column.label)}</th>`).join('')}</tr></thead><tbody>${rows
        .map((row) => `<tr>${columns.map((column) => `<td>${escapeHtml(column.value(row))}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`;

const section = (title: string, body: string) => `<section><h2>${escapeHtml(title)}</h2>${body}</section>`;

const text = (key: string) => (row: Row) => (row[key] === null || row[key] === undefined ? '—' : String(row[key]));

const who = (data: DataExport): Row[] => {
  const { users, affiliates, applications, leads } = data.readModels;
  return [
    ...users.map((row) => ({
      as: 'Account',
      name: [row.first_name, row.last_name].filter(Boolean).join(' '),
      email: row.email,
      phone: null,
    })),
    ...affiliates.map((row) => ({ as: 'Affiliate', name: row.full_name, email: row.email, phone: row.phone })),
    ...applications.map((row) => ({
      as: `Application ${String(row.application_number)}`,
      name: [row.first_name, row.other_name, row.surname].filter(Boolean).join(' '),
      email: row.email,
      phone: row.phone_number,
    })),
    ...leads.map((row) => ({ as: 'Reservation enquiry', name: row.full_name, email: row.email, phone: row.phone })),
  ];
};

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const CONSENT_LABELS: Record<string, string> = { ContactOptedOut: 'Opted out', ContactOptedIn: 'Opted in again' };

/** Consent ticked on a form, then every opt-out and opt-in the log recorded, oldest first. */
const consentRows = (data: DataExport): Row[] => [
  ...data.readModels.leads
    .filter((row) => row.consent === true)
    .map((row) => ({
      when: when(row.created_at),
      what: 'Agreed to be contacted (reservation form)',
      channel: 'all',
      address: row.email,
    })),
  ...data.consent.events.map((event) => {
    const fields = event.data as Row;
    return {
      when: `log position ${event.position}`,
      what: CONSENT_LABELS[event.type] ?? event.type,
      channel: fields.channel,
      address: fields.address,
    };
  }),
];

const why = [
  'Your account and contact details: to sign you in and to answer you.',
  'Reservation enquiries and applications: to process your subscription and prepare your title documents.',
  'Payments and their proofs: to verify the money held in escrow and allocate your acres.',
  'Affiliate profile, bank details and reported sales: to verify sales and pay your commission.',
  'Messages and consents: to show what we sent you and that we honour your choices.',
];

export const renderSummary = (data: DataExport): string => {
  const { readModels: rm } = data;
  const rights = data.contactEmail
    ? `write to <a href="mailto:${escapeHtml(data.contactEmail)}">${escapeHtml(data.contactEmail)}</a>`
    : 'use the contact details on our privacy page';
  const body = [
    `<h1>Your data at Acres</h1><p>Taken ${escapeHtml(when(data.takenAt))}, at event-log position ${escapeHtml(data.asOfPosition)}. data.json in this archive holds every record in full; this page summarises it.</p>`,
    section(
      'Who you are',
      table(
        who(data),
        [
          { label: 'Held as', value: text('as') },
          { label: 'Name', value: text('name') },
          { label: 'Email', value: text('email') },
          { label: 'Phone', value: text('phone') },
        ],
        'We hold no profile for you.',
      ),
    ),
    section(
      'What we hold and why',
      `<ul>${why.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul><p>${escapeHtml(
        [
          count(data.events.length, 'recorded event'),
          count(rm.payments.length, 'payment'),
          count(rm.applications.length, 'application'),
          count(rm.sales.length, 'reported sale'),
          count(data.messages.length, 'message'),
          count(data.files.length, 'uploaded image'),
        ].join(', '),
      )}.</p>`,
    ),
    section(
      'Payments',
      table(
        rm.payments,
        [
          { label: 'Submitted', value: (row) => when(row.submitted_at) },
          { label: 'Acres', value: text('acres') },
          { label: 'Amount', value: (row) => naira(row.amount) },
          { label: 'Status', value: text('status') },
          { label: 'Decided', value: (row) => when(row.processed_at) },
        ],
        'No payments.',
      ),
    ),
    section(
      'Applications',
      table(
        rm.applications,
        [
          { label: 'Number', value: text('application_number') },
          { label: 'Acres', value: text('acres_subscribed') },
          { label: 'Value', value: (row) => naira(row.subscription_value) },
          { label: 'Status', value: text('status') },
        ],
        'No applications.',
      ),
    ),
    ...(rm.affiliates.length > 0
      ? [
          section(
            'Reported sales',
            table(
              rm.sales,
              [
                { label: 'Reported', value: (row) => when(row.reported_at) },
                { label: 'Client', value: text('client_name') },
                { label: 'Amount', value: (row) => naira(row.amount) },
                { label: 'Status', value: text('status') },
                { label: 'Commission', value: (row) => naira(row.computed_commission) },
              ],
              'No sales reported.',
            ),
          ),
        ]
      : []),
    section(
      'Messages sent to you',
      table(
        data.messages,
        [
          { label: 'When', value: (row) => when(row.created_at) },
          { label: 'Channel', value: text('channel') },
          { label: 'To', value: text('recipient') },
          { label: 'Subject', value: (row) => String(row.subject ?? row.kind ?? '—') },
          { label: 'Status', value: text('status') },
        ],
        'No messages.',
      ),
    ),
    section(
      'Consents and opt-outs',
      table(
        consentRows(data),
        [
          { label: 'When', value: text('when') },
          { label: 'What', value: text('what') },
          { label: 'Channel', value: text('channel') },
          { label: 'Address', value: text('address') },
        ],
        'No consents or opt-outs recorded.',
      ),
    ),
    section(
      'Uploaded images',
      table(
        data.files as unknown as Row[],
        [
          { label: 'Purpose', value: text('purpose') },
          {
            label: 'File in this archive',
            value: (row) => (row.missing ? `not included (${String(row.missing)})` : String(row.name)),
          },
        ],
        'No uploaded images.',
      ),
    ),
    section(
      'Correction and erasure',
      `<p>You may ask us to correct or delete your personal data, or withdraw a consent you gave: ${rights}. Amounts, acres and dates of payments stay on record after an erasure, without your name.</p>`,
    ),
  ].join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your data at Acres</title><style>body{font:15px/1.5 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top}th{background:#f1f5f9}h2{margin-top:2rem;color:#14532d}</style></head><body>${body}</body></html>\n`;
};
