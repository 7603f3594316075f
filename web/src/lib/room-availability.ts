import { packagePromise, RoomAvailabilitySchema, type PackagePromise } from '@acres/contracts/materials';
import useSWR from 'swr';
import { getQueryFn } from './api-client';

export const ROOM_AVAILABILITY_KEY = '/api/documents/available';

const fetchAvailability = getQueryFn<unknown>({ on401: 'throw' });

/** Whether the due-diligence room holds a document (undefined while loading: nothing is promised). */
export function useRoomAvailability(): boolean | undefined {
  const { data } = useSWR(
    ROOM_AVAILABILITY_KEY,
    async (key: string) => RoomAvailabilitySchema.parse(await fetchAvailability(key)).available,
    { dedupingInterval: 60_000, revalidateOnFocus: false },
  );
  return data;
}

/** A text that promises the package, as the room stands (contracts' one rule). */
export function usePackagePromise(promise: PackagePromise): string {
  return packagePromise(promise, useRoomAvailability() ?? false);
}
