import { createHash } from 'node:crypto';
import type { NotificationChannel } from '@acres/contracts/events';

/** One stream per contact and channel, named by a hash so the stream id carries no address. */
export const consentStreamId = (channel: NotificationChannel, address: string) =>
  `consent-${channel}-${createHash('sha256').update(address, 'utf8').digest('hex').slice(0, 32)}`;
