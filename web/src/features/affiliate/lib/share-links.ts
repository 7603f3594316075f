import { buildReferralLink } from '@acres/contracts/affiliate';

/** The affiliate's link: this site's origin + '/?ref=' + code (SPEC 9). */
export function referralLinkFor(referralCode: string, origin: string = window.location.origin): string {
  // buildReferralLink gives 'https://site?ref=CODE'; an origin has no '?', so this adds the path '/'.
  return buildReferralLink(origin, referralCode).replace('?', '/?');
}

export type ShareTarget = {
  id: 'whatsapp' | 'twitter' | 'facebook' | 'linkedin' | 'email';
  label: string;
  href: string;
};

export const SHARE_HEADLINE = 'Industrial-corridor land at ₦3.5M per acre (retail ₦7.5M)';
export const SHARE_SUBJECT = 'Wholesale land at ₦3.5M per acre: 200 acres, 10 partner slots';

const enc = encodeURIComponent;

/** The five share buttons of the dashboard, each a link that opens the network's own share page. */
export function buildShareTargets(link: string): ShareTarget[] {
  const text = `${SHARE_HEADLINE}. Individual title, funds held in escrow until title transfer.`;
  return [
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${enc(`${text} ${link}`)}` },
    { id: 'twitter', label: 'Twitter', href: `https://twitter.com/intent/tweet?text=${enc(text)}&url=${enc(link)}` },
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${enc(link)}` },
    { id: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(link)}` },
    {
      id: 'email',
      label: 'Email',
      href: `mailto:?subject=${enc(SHARE_SUBJECT)}&body=${enc(`${text}\n\nSee the offer and reserve a slot: ${link}`)}`,
    },
  ];
}
