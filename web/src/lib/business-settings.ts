import type { PublicSettings } from '@acres/contracts/settings-reads';
import useSWR from 'swr';
import { getQueryFn } from './api-client';
import { whenIdle } from './when-idle';
import { seededSettings } from './seeded-settings';

export const PUBLIC_SETTINGS_KEY = '/api/settings';

const fetchSettings = getQueryFn<unknown>({ on401: 'throw' });

/**
 * GET /api/settings: the contacts, office hours and escrow account the admin set (undefined
 * while loading). A contact that is null is not set up: hide it.
 */
export function useBusinessSettings() {
  return useSWR<PublicSettings>(
    PUBLIC_SETTINGS_KEY,
    async (key: string) => {
      // The schema brings zod, which the landing page (its footer) otherwise needs only for its
      // dialogs: it loads in idle time, beside the request, not before the page paints (issue 29).
      const [body, { PublicSettingsSchema }] = await Promise.all([
        fetchSettings(key),
        whenIdle().then(() => import('@acres/contracts/settings-reads')),
      ]);
      return PublicSettingsSchema.parse(body);
    },
    {
      dedupingInterval: 60_000,
      revalidateOnFocus: false,
      // What the page's HTML was rendered with, until the answer: the first render matches it.
      fallbackData: seededSettings(),
    },
  );
}

/** '+2348031234567' → '+234 803 123 4567'. */
export function formatContactPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return `+${[digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9), digits.slice(9)].filter(Boolean).join(' ')}`;
}

/** tel: and wa.me take the digits of the E.164 number. */
export const telHref = (e164: string) => `tel:+${e164.replace(/\D/g, '')}`;

export function whatsAppHref(e164: string, text?: string): string {
  const base = `https://wa.me/${e164.replace(/\D/g, '')}`;
  return text === undefined ? base : `${base}?text=${encodeURIComponent(text)}`;
}

/** mailto: with an optional subject and body (spaces as %20: mail clients show '+' literally). */
export function mailtoHref(email: string, fields: { subject?: string; body?: string } = {}): string {
  const params = new URLSearchParams();
  if (fields.subject !== undefined) params.set('subject', fields.subject);
  if (fields.body !== undefined) params.set('body', fields.body);
  const query = params.toString().replace(/\+/g, '%20');
  return query === '' ? `mailto:${email}` : `mailto:${email}?${query}`;
}
