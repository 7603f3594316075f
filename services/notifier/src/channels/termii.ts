// SMS through Termii (a Nigerian provider): POST {base}/api/sms/send with the API key in
// the JSON body, as its documentation describes the "send message" endpoint.

import { z } from 'zod';
import { postJson } from './http-json.ts';
import { DeliveryError, digitsOf, type Transport } from './transport.ts';

const TermiiAnswerSchema = z.looseObject({
  message_id: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
});

/**
 * Termii's route: 'generic' does not reach numbers on the Do-Not-Disturb register, which are
 * most Nigerian mobiles; a code someone is waiting for goes on the transactional 'dnd' route.
 */
const TRANSACTIONAL_KINDS: ReadonlySet<string> = new Set(['phone-verification']);
export const termiiChannelOf = (kind: string) => (TRANSACTIONAL_KINDS.has(kind) ? 'dnd' : 'generic');

export const createTermiiTransport = (options: { baseUrl: string; apiKey: string; senderId: string }): Transport => ({
  name: 'termii',
  send: async (message) => {
    if (message.channel !== 'sms') throw new DeliveryError(`termii cannot send a ${message.channel} message`);
    const answer = TermiiAnswerSchema.safeParse(
      await postJson({
        provider: 'Termii',
        url: new URL('/api/sms/send', options.baseUrl).toString(),
        body: {
          api_key: options.apiKey,
          to: digitsOf(message.recipient),
          from: options.senderId,
          sms: message.text,
          type: 'plain',
          channel: termiiChannelOf(message.kind),
        },
      }),
    );
    if (!answer.success || answer.data.message_id === undefined) {
      throw new DeliveryError(
        `Termii did not accept the message: ${answer.success ? (answer.data.message ?? 'no message_id') : 'unexpected answer'}`,
      );
    }
    return { providerMessageId: String(answer.data.message_id) };
  },
  close: async () => {},
});
