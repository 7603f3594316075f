import { CONTACT, PRICE_BAND } from '@acres/contracts/constants';

export const SCHEDULE_CALL_SUBJECT = 'Schedule a Call - Land Acquisition';

export function formatAcres(acres: number): string {
  return `${acres} ${acres === 1 ? 'acre' : 'acres'}`;
}

/** mailto: link to the product's info address with a preset subject. */
export function buildScheduleCallHref(acres?: number): string {
  const params = new URLSearchParams({ subject: SCHEDULE_CALL_SUBJECT });
  if (acres !== undefined) {
    params.set(
      'body',
      `Hello,\n\nI just reserved ${formatAcres(acres)} and would like to schedule a call to discuss the next steps.\n\nThank you.`,
    );
  }
  // URLSearchParams encodes spaces as '+', which mail clients show literally.
  return `mailto:${CONTACT.email}?${params.toString().replace(/\+/g, '%20')}`;
}

export function buildWhatsAppMessage(acres: number): string {
  return `Hi, I just reserved ${formatAcres(acres)} at the ${PRICE_BAND} per acre wholesale price. I'd like to discuss the next steps and the due diligence materials.`;
}

/** Chat link to the product's WhatsApp number with the prefilled message. */
export function buildWhatsAppHref(acres: number): string {
  return `https://wa.me/${CONTACT.whatsappNumber}?text=${encodeURIComponent(buildWhatsAppMessage(acres))}`;
}
