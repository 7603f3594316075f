import type { NotificationChannel } from '@acres/contracts/events';
import type { AddressDigest } from '@acres/eventstore/protect';

/** One stream per contact and channel, named by the address's keyed digest so the stream id carries no address. */
export const consentStreamId = (addressDigest: AddressDigest, channel: NotificationChannel, address: string) =>
  `consent-${channel}-${addressDigest(channel, address)}`;
