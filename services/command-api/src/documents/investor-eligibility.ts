import { ALLOCATION_STREAM_ID, parseEvent } from '@acres/contracts';
import { foldEvents, userDecider, type UserEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import { applicationStreamId } from '../applications/streams.ts';
import { userStreamId } from '../identity/streams.ts';

/**
 * Whether a signed-in account may open the room from its dashboard, decided from the streams:
 * an investor (a payment of theirs was approved: the allocation stream holds every approval) or
 * an approved applicant (an application under an email the account has proved was approved).
 */
export const isRoomMember = async (
  deps: { eventStore: EventStore; addressDigest: AddressDigest },
  userId: string,
): Promise<boolean> => {
  const approvals = await deps.eventStore.readStream(ALLOCATION_STREAM_ID);
  if (approvals.some((event) => event.type === 'PaymentApproved' && (event.data as { userId?: string }).userId === userId))
    return true;
  const user = foldEvents(
    userDecider,
    (await deps.eventStore.readStream(userStreamId(userId))).map((event) => parseEvent(event.type, event.data) as UserEvent),
  );
  if (user.status !== 'registered') return false;
  for (const email of user.verifiedEmails) {
    const application = await deps.eventStore.readStream(applicationStreamId(deps.addressDigest, email));
    if (application.some((event) => event.type === 'ApplicationApproved')) return true;
  }
  return false;
};
