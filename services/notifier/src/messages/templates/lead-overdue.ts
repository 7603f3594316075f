// The sales desk's alert: a lead still new 24 hours after it arrived, sent once to its owner
// (or to the team while nobody owns it). It names the lead as the team knows it and links to
// the Leads tab; the lead's contact details stay in the admin area.

import { UNASSIGNED_OWNER } from '@acres/contracts/lead-pipeline';
import type { WaitingItem } from '../waiting.ts';
import { emailTo, formatWat, type Draft } from './build.ts';

type LeadItem = Extract<WaitingItem, { kind: 'lead' }>;

export const adminOverdueLead = (options: { item: LeadItem; to: string; publicUrl: string | null }): Draft => {
  const { item } = options;
  const owner = item.details.ownerId === UNASSIGNED_OWNER ? 'Nobody yet' : item.details.ownerId;
  const link = options.publicUrl
    ? [{ kind: 'button' as const, label: 'Open the Leads tab', href: `${options.publicUrl.replace(/\/+$/, '')}/admin?tab=leads` }]
    : [];
  return emailTo({
    kind: 'admin-overdue-lead',
    to: options.to,
    subject: `Not contacted in 24 hours: lead from ${item.who}`,
    content: {
      heading: 'A lead has waited over 24 hours for contact',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Lead', item.who],
            ['Owner', owner],
            ['Arrived', formatWat(item.submittedAt)],
          ],
        },
        {
          kind: 'paragraph',
          text: 'We promise every lead contact within 24 hours with the due diligence materials. Contact them, then log it on the lead in the Leads tab of the admin area.',
        },
        ...link,
      ],
    },
  });
};
