import {
  MyPhonesResponseSchema,
  type ConfirmPhoneVerification,
  type MyPhonesResponse,
  type PhoneVerificationRequestedResponse,
  type PhoneVerifiedResponse,
  type RequestPhoneVerification,
} from '@acres/contracts/phone-verification';
import useSWR from 'swr';
import { apiJson, getQueryFn, type SwrKey } from '@/lib/api-client';

export const MY_PHONES_KEY = '/api/me/phones';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });
const fetchPhones = async (key: SwrKey): Promise<MyPhonesResponse> => MyPhonesResponseSchema.parse(await fetchJson(key));

/** The account's confirmed numbers, the current one, and the code it waits on. */
export function useMyPhones() {
  return useSWR<MyPhonesResponse>(MY_PHONES_KEY, fetchPhones);
}

/** POST /api/me/phone-verification: text a code to this number. */
export function requestPhoneCode(body: RequestPhoneVerification): Promise<PhoneVerificationRequestedResponse> {
  return apiJson<PhoneVerificationRequestedResponse>('POST', '/api/me/phone-verification', body);
}

/** POST /api/me/phone-verification/confirm: the code from the text message. */
export function confirmPhoneCode(body: ConfirmPhoneVerification): Promise<PhoneVerifiedResponse> {
  return apiJson<PhoneVerifiedResponse>('POST', '/api/me/phone-verification/confirm', body);
}
