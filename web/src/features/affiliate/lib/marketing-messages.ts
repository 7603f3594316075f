import { OFFER, type Offer } from '@/lib/offer';

export type MarketingMessage = {
  id: 'whatsapp' | 'sms' | 'email';
  title: string;
  description: string;
  subject?: string;
  body: string;
};

const gsm = (text: string) => text.replaceAll('₦', 'N');

/** Ready-to-send texts for the resources page, in the offer's figures (the owner's terms); each already carries the affiliate's link. */
export function buildMarketingMessages(link: string, offer: Offer = OFFER): MarketingMessage[] {
  const { wholesale, retail, savings: spread, minimum } = offer;
  return [
    {
      id: 'whatsapp',
      title: 'WhatsApp message',
      description: 'For chats and status updates. Short, with the key numbers first.',
      body: [
        `Industrial-corridor land at *${wholesale} per acre* (retail ${retail}).`,
        `${offer.projectAcres} acres, only ${offer.partnerSlots} partner slots. Individual title with clear exit rights.`,
        'Funds are held in a regulated escrow account until title transfer, with a full refund if the acquisition does not proceed.',
        `Minimum ${offer.minimumAcres} acres (${minimum}). Title transfer typically in 45-60 days.`,
        `See the offer and reserve a slot: ${link}`,
      ].join('\n\n'),
    },
    {
      id: 'sms',
      title: 'SMS',
      description: 'One short text, within two SMS pages.',
      // 'N' rather than '₦': one character outside the GSM alphabet cuts an SMS page from 160 to 70 characters.
      body: `Land at ${gsm(wholesale)}/acre vs ${gsm(retail)} retail. ${offer.projectAcres} acres, ${offer.partnerSlots} partner slots, escrow-protected. Reserve: ${link}`,
    },
    {
      id: 'email',
      title: 'Email',
      description: 'For developers, realtors and investors who want the detail.',
      subject: `Wholesale land at ${wholesale} per acre: ${offer.partnerSlots} partner slots`,
      body: [
        'Hello,',
        `I would like to share an opportunity: a wholesale buy-in of land in an industrial corridor at ${wholesale} per acre, against a retail price of ${retail} per acre (a spread of ${spread}+ per acre).`,
        `• ${offer.projectAcres}-acre project, limited to ${offer.partnerSlots} partners\n• Minimum allocation ${offer.minimumAcres} acres (${minimum} at wholesale pricing)\n• Individual title to your acreage, with clear exit rights\n• All funds held in a regulated escrow account until title transfer\n• Full refund if the acquisition does not proceed\n• Title transfer typically within 45-60 days`,
        'After you reserve a slot you receive the due-diligence package: title verification, survey plans, environmental assessment, zoning confirmation and a development potential analysis.',
        `Read more and reserve your slot here: ${link}`,
        'Best regards,',
      ].join('\n\n'),
    },
  ];
}
