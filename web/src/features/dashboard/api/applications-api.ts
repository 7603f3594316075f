import { type ApplicationStatus, MyApplicationsResponseSchema } from '@acres/contracts';
import useSWR from 'swr';
import { getQueryFn, type SwrKey } from '@/lib/api-client';

export const MY_APPLICATIONS_KEY = '/api/subscriptions/mine';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });
const fetchMine = async (key: SwrKey): Promise<ApplicationStatus[]> => MyApplicationsResponseSchema.parse(await fetchJson(key));

/** The signed-in user's applications (made with their account's email). `enabled` waits for the auth check. */
export function useMyApplications(enabled: boolean) {
  return useSWR<ApplicationStatus[]>(enabled ? MY_APPLICATIONS_KEY : null, fetchMine);
}
