import { mailtoHref, whatsAppHref } from '@/lib/business-settings';

export const SCHEDULE_CALL_SUBJECT = 'Schedule a Call - Land Acquisition';

export function formatAcres(acres: number): string {
  return `${acres} ${acres === 1 ? 'acre' : 'acres'}`;
}

/** mailto: link to the configured contact email with a preset subject. */
export function buildScheduleCallHref(email: string, acres?: number): string {
  const body =
    acres === undefined
      ? undefined
      : `Hello,\n\nI just reserved ${formatAcres(acres)} and would like to schedule a call to discuss the next steps.\n\nThank you.`;
  return mailtoHref(email, { subject: SCHEDULE_CALL_SUBJECT, ...(body === undefined ? {} : { body }) });
}

/** `wholesale`: the price per acre in force as the site words it ('₦3.5M', the offer's). */
export function buildWhatsAppMessage(acres: number, wholesale: string): string {
  return `Hi, I just reserved ${formatAcres(acres)} at the ${wholesale} per acre wholesale price. I'd like to discuss the next steps and the due diligence materials.`;
}

/** Chat link to the configured WhatsApp number (E.164) with the prefilled message. */
export function buildWhatsAppHref(whatsapp: string, acres: number, wholesale: string): string {
  return whatsAppHref(whatsapp, buildWhatsAppMessage(acres, wholesale));
}
