import type { MaterialsSentData, SlotReservedData } from '@acres/contracts/events';
import { MATERIALS_PATH } from '@acres/contracts/materials';
import { mintMaterialsLinkToken } from '@acres/platform/signing';
import { emailTo, firstNameOf, formatWat, OPT_OUT, smsTo, type Draft } from './build.ts';

/** The lead's personal link; the token is minted here from the event, never stored in the log. */
export const materialsLink = (options: { publicUrl: string | null; token: string }) =>
  `${options.publicUrl?.replace(/\/+$/, '') ?? ''}${MATERIALS_PATH}?token=${encodeURIComponent(options.token)}`;

/**
 * The due-diligence package the lead was promised: a personal link, by email and SMS (the
 * channels a lead gave), saying until when it works. A message to a prospect: marketing.
 */
export const materialsSent = (options: {
  sent: MaterialsSentData;
  lead: Pick<SlotReservedData, 'fullName' | 'email' | 'phoneE164'>;
  publicUrl: string | null;
  linkSigningSecret: string;
}): Draft[] => {
  const { sent, lead } = options;
  const token = mintMaterialsLinkToken({ secret: options.linkSigningSecret, linkId: sent.linkId, leadId: sent.leadId });
  const href = materialsLink({ publicUrl: options.publicUrl, token });
  const name = firstNameOf(lead.fullName);
  const until = formatWat(sent.expiresAt);
  return [
    emailTo({
      kind: 'materials-sent',
      to: lead.email,
      subject: 'Your due-diligence materials',
      content: {
        heading: 'Your due-diligence materials',
        greeting: `Hi ${name},`,
        blocks: [
          {
            kind: 'paragraph',
            text: 'As promised, here is the due-diligence package for the project: title verification, survey plans, environmental assessment, zoning confirmation and development potential analysis, as far as each is ready.',
          },
          { kind: 'button', label: 'Open the materials', href },
          { kind: 'paragraph', text: `This link is personal to you and works until ${until}.` },
          {
            kind: 'note',
            text: 'Nothing is payable yet. All investor funds are held in a regulated escrow account until title transfer.',
          },
        ],
      },
    }),
    smsTo({
      kind: 'materials-sent',
      to: lead.phoneE164,
      text: `Acres: Hi ${name}, your due-diligence materials: ${href} (personal link, works until ${until}). ${OPT_OUT}`,
    }),
  ];
};
