import type { SlotReservedData } from '@acres/contracts/events';
import { packagePromise, TEAM_CONTACT_DETAIL_PROMISE, TEAM_CONTACT_PROMISE } from '@acres/contracts/package-promise-texts';
import { acresText, emailTo, firstNameOf, formatWat, OPT_OUT, smsTo, whatsappTo, type Draft } from './build.ts';

/** `packageReady`: the room held a document when the lead reserved (the promise's rule, contracts/materials). */
export const leadConfirmation = (lead: SlotReservedData, packageReady: boolean): Draft[] => {
  const name = firstNameOf(lead.fullName);
  const acres = acresText(lead.intendedAcres);
  const short = `Acres: Hi ${name}, your slot for ${acres} is reserved. ${packagePromise(TEAM_CONTACT_PROMISE, packageReady)} ${OPT_OUT}`;
  return [
    smsTo({ kind: 'lead-confirmation', to: lead.phoneE164, text: short }),
    whatsappTo({
      kind: 'lead-confirmation',
      to: lead.phoneE164,
      text: short,
      template: { name: 'lead_confirmation', parameters: [name, acres] },
    }),
    emailTo({
      kind: 'lead-confirmation',
      to: lead.email,
      subject: `Your slot is reserved: ${acres}`,
      content: {
        heading: 'Slot reserved',
        greeting: `Hi ${name},`,
        blocks: [
          { kind: 'paragraph', text: `Thank you for reserving a slot. Here is what you asked for:` },
          {
            kind: 'facts',
            rows: [
              ['Acres', acres],
              ['Price band', `₦${lead.priceBand} per acre`],
              ['Commitment', lead.commitment],
              ['Reserved', formatWat(lead.reservedAt)],
            ],
          },
          {
            kind: 'paragraph',
            text: packagePromise(TEAM_CONTACT_DETAIL_PROMISE, packageReady),
          },
          {
            kind: 'note',
            text: 'Nothing is payable yet. All investor funds are held in a regulated escrow account until title transfer.',
          },
        ],
      },
    }),
  ];
};

export const adminNewLead = (lead: SlotReservedData, adminEmail: string): Draft =>
  emailTo({
    kind: 'admin-new-lead',
    to: adminEmail,
    subject: `New lead: ${lead.fullName}, ${acresText(lead.intendedAcres)}`,
    content: {
      heading: 'A new lead arrived',
      greeting: 'Hello,',
      blocks: [
        { kind: 'paragraph', text: 'A visitor reserved a slot. The product promised them a reply within 24 hours.' },
        {
          kind: 'facts',
          rows: [
            ['Name', lead.fullName],
            ['Company', lead.company ?? '—'],
            ['Email', lead.email],
            ['Phone', lead.phoneE164],
            ['Role', lead.role],
            ['Acres', acresText(lead.intendedAcres)],
            ['Commitment', lead.commitment],
            ['Referral code', lead.referralCode ?? '—'],
            ['Notes', lead.notes ?? '—'],
            ['Reserved', formatWat(lead.reservedAt)],
          ],
        },
      ],
    },
  });
