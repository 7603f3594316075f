import {
  FAQ_MINIMUM_ACRES,
  PARTNER_SLOTS,
  PROJECT_ACRES,
  RETAIL_PRICE_PER_ACRE,
  SAVINGS_PER_ACRE,
  WHOLESALE_PRICE_PER_ACRE,
} from '@acres/contracts/constants';
import { formatMillions } from '@acres/contracts/money';

export type MarketingMessage = {
  id: 'whatsapp' | 'sms' | 'email';
  title: string;
  description: string;
  subject?: string;
  body: string;
};

const wholesale = formatMillions(WHOLESALE_PRICE_PER_ACRE);
const retail = formatMillions(RETAIL_PRICE_PER_ACRE);
const spread = formatMillions(SAVINGS_PER_ACRE);
const minimum = formatMillions(FAQ_MINIMUM_ACRES * WHOLESALE_PRICE_PER_ACRE);

const gsm = (text: string) => text.replaceAll('₦', 'N');

/** Ready-to-send texts for the resources page; each already carries the affiliate's link. */
export function buildMarketingMessages(link: string): MarketingMessage[] {
  return [
    {
      id: 'whatsapp',
      title: 'WhatsApp message',
      description: 'For chats and status updates. Short, with the key numbers first.',
      body: [
        `Industrial-corridor land at *${wholesale} per acre* (retail ${retail}).`,
        `${PROJECT_ACRES} acres, only ${PARTNER_SLOTS} partner slots. Individual title with clear exit rights.`,
        'Funds are held in a regulated escrow account until title transfer, with a full refund if the acquisition does not proceed.',
        `Minimum ${FAQ_MINIMUM_ACRES} acres (${minimum}). Title transfer typically in 45-60 days.`,
        `See the offer and reserve a slot: ${link}`,
      ].join('\n\n'),
    },
    {
      id: 'sms',
      title: 'SMS',
      description: 'One short text, within two SMS pages.',
      // 'N' rather than '₦': one character outside the GSM alphabet cuts an SMS page from 160 to 70 characters.
      body: `Land at ${gsm(wholesale)}/acre vs ${gsm(retail)} retail. ${PROJECT_ACRES} acres, ${PARTNER_SLOTS} partner slots, escrow-protected. Reserve: ${link}`,
    },
    {
      id: 'email',
      title: 'Email',
      description: 'For developers, realtors and investors who want the detail.',
      subject: `Wholesale land at ${wholesale} per acre: ${PARTNER_SLOTS} partner slots`,
      body: [
        'Hello,',
        `I would like to share an opportunity: a wholesale buy-in of land in an industrial corridor at ${wholesale} per acre, against a retail price of ${retail} per acre (a spread of ${spread}+ per acre).`,
        `• ${PROJECT_ACRES}-acre project, limited to ${PARTNER_SLOTS} partners\n• Minimum allocation ${FAQ_MINIMUM_ACRES} acres (${minimum} at wholesale pricing)\n• Individual title to your acreage, with clear exit rights\n• All funds held in a regulated escrow account until title transfer\n• Full refund if the acquisition does not proceed\n• Title transfer typically within 45-60 days`,
        'After you reserve a slot you receive the due-diligence package: title verification, survey plans, environmental assessment, zoning confirmation and a development potential analysis.',
        `Read more and reserve your slot here: ${link}`,
        'Best regards,',
      ].join('\n\n'),
    },
  ];
}
