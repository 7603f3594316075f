import {
  MessagePreferencesResponseSchema,
  type ConsentChangeAccepted,
  type MessagePreference,
  type SetMessagePreferenceRequest,
} from '@acres/contracts/consent-ledger';
import useSWR from 'swr';
import { apiJson, getQueryFn, type SwrKey } from '@/lib/api-client';

export const MY_PREFERENCES_KEY = '/api/me/message-preferences';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });
const fetchPreferences = async (key: SwrKey): Promise<MessagePreference[]> =>
  MessagePreferencesResponseSchema.parse(await fetchJson(key)).preferences;

/** The signed-in person's choice per purpose × channel (opted in unless they opted out). */
export function useMessagePreferences() {
  return useSWR<MessagePreference[]>(MY_PREFERENCES_KEY, fetchPreferences);
}

/** PUT /api/me/message-preferences: one choice, recorded as an opt-out or opt-in event. */
export function setMessagePreference(choice: SetMessagePreferenceRequest): Promise<ConsentChangeAccepted> {
  return apiJson<ConsentChangeAccepted>('PUT', MY_PREFERENCES_KEY, choice);
}
