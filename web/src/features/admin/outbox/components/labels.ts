import type { NotificationChannel, NotificationTransport } from '@acres/contracts/events';
import type { NotificationStatus } from '@acres/contracts/notification';

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

export const TRANSPORT_LABELS: Readonly<Record<NotificationTransport, string>> = {
  outbox: 'local outbox (channel not configured)',
  smtp: 'SMTP',
  termii: 'Termii',
  'whatsapp-cloud': 'WhatsApp Cloud API',
};

export const STATUS_LABELS: Readonly<Record<NotificationStatus, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  suppressed: 'Suppressed (opted out)',
};

export const STATUS_VARIANTS = {
  queued: 'warning',
  sent: 'success',
  failed: 'destructive',
  suppressed: 'outline',
} as const satisfies Record<NotificationStatus, string>;

/** 'lead-confirmation' → 'Lead confirmation'. */
export const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replaceAll('-', ' ');
