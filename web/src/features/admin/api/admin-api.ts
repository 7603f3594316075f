import {
  type AdminCounters,
  AdminCountersSchema,
  type AdminLeadsResponse,
  AdminLeadsResponseSchema,
  AdminPaymentsResponseSchema,
  type AdminSubscriptionsResponse,
  AdminSubscriptionsResponseSchema,
} from '@acres/contracts';
import type { z } from 'zod';
import { apiRequest, getQueryFn, keyToUrl, type SwrKey } from '../../../lib/api-client';
import { fallbackLeadsFilename, filenameFromContentDisposition } from '../lib/csv-filename';

export const ADMIN_PAGE_SIZE = 50;

/** Every admin read lives under this prefix; Refresh and Sign out act on all of them. */
export const ADMIN_KEY_PREFIX = '/api/admin/';

export const ADMIN_COUNTERS_KEY = '/api/admin/counters';

export function adminLeadsKey({ offset, search }: { offset: number; search: string }): string {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
  const term = search.trim();
  if (term) params.set('search', term);
  return `/api/admin/leads?${params}`;
}

/** Starts with '/api/admin/subscriptions' so the application wizard's refresh after a submit reaches it. */
export function adminSubscriptionsKey({ offset }: { offset: number }): string {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
  return `/api/admin/subscriptions?${params}`;
}

/** For the payments review list (arrives with the payments issue; the tab shows its empty state until then). */
export function adminPaymentsKey({ offset }: { offset: number }): string {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
  return `/api/admin/payments?${params}`;
}

export function isAdminKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(ADMIN_KEY_PREFIX);
}

/**
 * An SWR fetcher for one admin read: the shared query function (cookies, `x-min-position`
 * for read-your-writes, '{status}: {body}' errors) plus the Basic header, and the answer
 * checked against its contract so a drifting server shows an error instead of blank cells.
 */
export function createAdminFetcher<S extends z.ZodType>(
  authorization: string,
  schema: S,
): (key: SwrKey) => Promise<z.output<S>> {
  const query = getQueryFn<unknown>({ on401: 'throw', headers: { authorization } });
  return async (key) => {
    const parsed = schema.safeParse(await query(key));
    if (parsed.success) return parsed.data;
    const first = parsed.error.issues[0];
    const where = first?.path.length ? ` at ${first.path.join('.')}` : '';
    throw new Error(`The server's answer to ${keyToUrl(key).split('?')[0]} was not understood (${first?.message ?? 'invalid'}${where}).`);
  };
}

export const fetchers = {
  counters: (authorization: string) => createAdminFetcher(authorization, AdminCountersSchema),
  leads: (authorization: string) => createAdminFetcher(authorization, AdminLeadsResponseSchema),
  subscriptions: (authorization: string) => createAdminFetcher(authorization, AdminSubscriptionsResponseSchema),
  payments: (authorization: string) => createAdminFetcher(authorization, AdminPaymentsResponseSchema),
};

export type { AdminCounters, AdminLeadsResponse, AdminSubscriptionsResponse };

/** The login check: the counters answer only to valid credentials. */
export async function fetchAdminCounters(authorization: string): Promise<AdminCounters> {
  return fetchers.counters(authorization)(ADMIN_COUNTERS_KEY);
}

/**
 * Fetches the CSV with the Basic header (a plain link could not carry it) and hands it
 * to the browser as a download under the server's file name.
 */
export async function downloadLeadsCsv(authorization: string): Promise<string> {
  const res = await apiRequest('GET', '/api/admin/leads/export.csv', undefined, { headers: { authorization } });
  const blob = await res.blob();
  const filename = filenameFromContentDisposition(res.headers.get('content-disposition')) ?? fallbackLeadsFilename();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
