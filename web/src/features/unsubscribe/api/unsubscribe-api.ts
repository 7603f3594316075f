import { type Unsubscribed, UnsubscribedSchema } from '@acres/contracts/consent';
import { apiJson } from '@/lib/api-client';

/** POST /api/unsubscribe?token=… (the link's own token): records the opt-out from marketing emails. */
export async function unsubscribe(token: string): Promise<Unsubscribed> {
  const query = new URLSearchParams({ token });
  return UnsubscribedSchema.parse(await apiJson<unknown>('POST', `/api/unsubscribe?${query}`, {}));
}
