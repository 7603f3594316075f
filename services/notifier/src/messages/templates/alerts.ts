// The admin's time-driven alerts, planned by the sweeper rather than by one event: an item
// waiting past the 24 hours the product promises, and a projection stopped on an event.

import { formatNaira } from '@acres/contracts/money';
import type { WaitingItem } from '../waiting.ts';
import { acresText, emailTo, formatWat, type Draft } from './build.ts';

/** The admin area opened on the tab (`/admin?tab=…`, web/src/features/admin/admin-dashboard.tsx). */
const adminLink = (publicUrl: string | null, tab: string) =>
  publicUrl
    ? [
        {
          kind: 'button' as const,
          label: `Open the ${tab} tab`,
          href: `${publicUrl.replace(/\/+$/, '')}/admin?tab=${tab.toLowerCase()}`,
        },
      ]
    : [];

export const adminOverdue = (options: {
  /** A lead's alert has its own template (lead-overdue.ts). */
  item: Exclude<WaitingItem, { kind: 'lead' }>;
  day: number;
  adminEmail: string;
  publicUrl: string | null;
}): Draft => {
  const { item, day } = options;
  const waited = day === 1 ? 'over 24 hours' : `over ${day} days`;
  const common = { to: options.adminEmail, greeting: 'Hello,' };
  if (item.kind === 'payment') {
    return emailTo({
      kind: 'admin-overdue-payment',
      to: common.to,
      subject: `Waiting ${waited}: payment proof from ${item.who}`,
      content: {
        heading: `A payment proof has been waiting ${waited}`,
        greeting: common.greeting,
        blocks: [
          {
            kind: 'facts',
            rows: [
              ['Investor', item.who],
              ['Acres', acresText(item.details.acres)],
              ['Amount', formatNaira(item.details.amount)],
              ['Submitted', formatWat(item.submittedAt)],
            ],
          },
          {
            kind: 'paragraph',
            text: 'We promise a reply within 24 hours. Approve or reject it in the Payments tab of the admin area.',
          },
          ...adminLink(options.publicUrl, 'Payments'),
        ],
      },
    });
  }
  return emailTo({
    kind: 'admin-overdue-application',
    to: common.to,
    subject: `Waiting ${waited}: application ${item.details.applicationNumber} from ${item.who}`,
    content: {
      heading: `An application has been waiting ${waited}`,
      greeting: common.greeting,
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Application number', item.details.applicationNumber],
            ['Applicant', item.who],
            ['Acres', acresText(item.details.acres)],
            ['Value', formatNaira(item.details.value)],
            ['Submitted', formatWat(item.submittedAt)],
          ],
        },
        {
          kind: 'paragraph',
          text: 'We promise a reply within 24 hours. Approve or reject it in the Applications tab of the admin area.',
        },
        ...adminLink(options.publicUrl, 'Applications'),
      ],
    },
  });
};

export type StoppedProjection = {
  name: string;
  failedPosition: bigint;
  failedEventType: string | null;
  failedEventId: string | null;
  lastError: string | null;
  failedAt: Date | null;
};

export const adminProjectionStopped = (options: {
  projection: StoppedProjection;
  adminEmail: string;
  publicUrl: string | null;
}): Draft => {
  const { projection } = options;
  return emailTo({
    kind: 'admin-projection-stopped',
    to: options.adminEmail,
    subject: `Projection ${projection.name} stopped`,
    content: {
      heading: `Projection ${projection.name} stopped`,
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `The ${projection.name} projection cannot apply an event and has stopped there: the admin pages it feeds no longer change until it runs again.`,
        },
        {
          kind: 'facts',
          rows: [
            ['Projection', projection.name],
            ['Event position', projection.failedPosition.toString()],
            ['Event type', projection.failedEventType ?? 'unknown'],
            ...(projection.failedEventId ? [['Event id', projection.failedEventId] as const] : []),
            ...(projection.failedAt ? [['Stopped', formatWat(projection.failedAt.toISOString())] as const] : []),
          ],
        },
        { kind: 'note', text: `Error: ${projection.lastError ?? 'no error recorded'}` },
        {
          kind: 'paragraph',
          text: 'Resume it after a fix, or skip the event with a reason, in the Operations tab of the admin area.',
        },
        ...adminLink(options.publicUrl, 'Operations'),
      ],
    },
  });
};
