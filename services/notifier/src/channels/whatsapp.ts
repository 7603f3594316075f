// WhatsApp through Meta's Cloud API: a business-initiated message must be an approved
// template, sent as POST {base}/{version}/{phone-number-id}/messages with a bearer token.

import { z } from 'zod';
import { postJson } from './http-json.ts';
import { DeliveryError, digitsOf, type Transport } from './transport.ts';

const CloudAnswerSchema = z.looseObject({ messages: z.array(z.looseObject({ id: z.string() })).min(1) });

export const createWhatsappTransport = (options: {
  baseUrl: string;
  apiVersion: string;
  token: string;
  phoneNumberId: string;
  language: string;
}): Transport => ({
  name: 'whatsapp-cloud',
  send: async (message) => {
    if (message.channel !== 'whatsapp' || !message.whatsappTemplate) {
      throw new DeliveryError(`the WhatsApp Cloud API sends template messages only (message ${message.id} has none)`);
    }
    const template = message.whatsappTemplate;
    const answer = CloudAnswerSchema.safeParse(
      await postJson({
        provider: 'WhatsApp Cloud API',
        url: new URL(`/${options.apiVersion}/${options.phoneNumberId}/messages`, options.baseUrl).toString(),
        headers: { authorization: `Bearer ${options.token}` },
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: digitsOf(message.recipient),
          type: 'template',
          template: {
            name: template.name,
            language: { code: options.language },
            components: [{ type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) }],
          },
        },
      }),
    );
    if (!answer.success) throw new DeliveryError('WhatsApp Cloud API answered without a message id');
    return { providerMessageId: answer.data.messages[0]!.id };
  },
  close: async () => {},
});
