import { type Unsubscribed, UnsubscribedSchema } from '@acres/contracts/consent';
import { apiJson } from '@/lib/api-client';

/** POST /api/unsubscribe with the link's token: records the opt-out from marketing emails. */
export async function unsubscribe(token: string): Promise<Unsubscribed> {
  return UnsubscribedSchema.parse(await apiJson<unknown>('POST', '/api/unsubscribe', { token }));
}
