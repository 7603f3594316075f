import {
  type AdminAffiliate,
  type AdminAffiliateSale,
  type AdminAffiliateSalesResponse,
  AdminAffiliateSalesResponseSchema,
  type AdminAffiliatesResponse,
  AdminAffiliatesResponseSchema,
  type AdminCounters,
  AdminCountersSchema,
  type AdminLeadsResponse,
  AdminLeadsResponseSchema,
  type AdminPaymentsResponse,
  AdminPaymentsResponseSchema,
  type AdminSubscriptionsResponse,
  AdminSubscriptionsResponseSchema,
  type Allocation,
  AllocationSchema,
  type PaymentHistoryEntry,
  PaymentHistoryEntrySchema,
  type PaymentStatus,
  type PaymentStatusUpdated,
  PaymentStatusUpdatedSchema,
  type PaymentStatusUpdateInput,
  type SaleStatus,
  type SaleStatusUpdate,
  type SaleStatusUpdated,
  SaleStatusUpdatedSchema,
} from '@acres/contracts';
import { z } from 'zod';
import { apiRequest, keyToUrl, type SwrKey } from '@/lib/api-client';
import { fallbackLeadsFilename, filenameFromContentDisposition } from '@/features/admin/leads/lib/csv-filename';

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

/** The Payments tab's filter: every payment, or one status. */
export type PaymentFilter = 'all' | PaymentStatus;

export const ADMIN_PAYMENTS_PREFIX = '/api/admin/payments';
export const ADMIN_ALLOCATION_KEY = '/api/admin/allocation';

/** The payments review list, newest first; 'all' sends no status so the server applies no filter. */
export function adminPaymentsKey({ offset, status = 'all' }: { offset: number; status?: PaymentFilter }): string {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
  if (status !== 'all') params.set('status', status);
  return `${ADMIN_PAYMENTS_PREFIX}?${params}`;
}

/** One payment's timeline; under ADMIN_PAYMENTS_PREFIX so a refresh after a decision reaches it. */
export function adminPaymentHistoryKey(paymentId: string): string {
  return `${ADMIN_PAYMENTS_PREFIX}/${encodeURIComponent(paymentId)}/history`;
}

/** What a decision changes on screen: the payment lists and timelines, the counters and the allocation. */
export function isPaymentDecisionKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    (key.startsWith(ADMIN_PAYMENTS_PREFIX) || key === ADMIN_COUNTERS_KEY || key === ADMIN_ALLOCATION_KEY)
  );
}

/** The Affiliates tab's sales filter: one status, or every sale. */
export type SaleFilter = 'all' | SaleStatus;

export const ADMIN_AFFILIATES_PREFIX = '/api/admin/affiliates';
export const ADMIN_AFFILIATE_SALES_PREFIX = '/api/admin/affiliate-sales';

/** Affiliate profiles with their sales figures, in the server's order. */
export function adminAffiliatesKey({ offset }: { offset: number }): string {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
  return `${ADMIN_AFFILIATES_PREFIX}?${params}`;
}

/** Reported sales, newest first; 'all' sends no status so the server applies no filter. */
export function adminAffiliateSalesKey({ offset, status }: { offset: number; status: SaleFilter }): string {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
  if (status !== 'all') params.set('status', status);
  return `${ADMIN_AFFILIATE_SALES_PREFIX}?${params}`;
}

/** What a sale decision changes on screen: the sales lists, and the affiliates' counts and commissions. */
export function isSaleDecisionKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    (key.startsWith(`${ADMIN_AFFILIATE_SALES_PREFIX}?`) || key.startsWith(`${ADMIN_AFFILIATES_PREFIX}?`))
  );
}

export function isAdminKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(ADMIN_KEY_PREFIX);
}

/** The query API's flag on an answer served before its projections reached x-min-position. */
export const STALE_READ_HEADER = 'x-read-model-stale';
// The server already waits up to 2 s per ask; two more asks cover a projector busy for ~6 s.
const STALE_READ_ATTEMPTS = 3;

/**
 * One admin read: the api-client's request (cookies, `x-min-position` for read-your-writes,
 * '{status}: {body}' errors) plus the Basic header. An answer flagged stale (the read
 * model had not yet caught up with the admin's own decision when the server's wait ran
 * out) is asked for again a bounded number of times, so the counters and lists do not
 * show the state from before the click; the last answer is used whatever it says.
 */
async function queryAdmin(authorization: string, key: SwrKey): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    const res = await apiRequest('GET', keyToUrl(key), undefined, { headers: { authorization } });
    if (res.headers.get(STALE_READ_HEADER) !== 'true' || attempt >= STALE_READ_ATTEMPTS) return res.json();
    await res.body?.cancel();
  }
}

/**
 * An SWR fetcher for one admin read (queryAdmin), its answer checked against the
 * contract so a drifting server shows an error instead of blank cells.
 */
export function createAdminFetcher<S extends z.ZodType>(
  authorization: string,
  schema: S,
): (key: SwrKey) => Promise<z.output<S>> {
  return async (key) => {
    const parsed = schema.safeParse(await queryAdmin(authorization, key));
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
  paymentHistory: (authorization: string) => createAdminFetcher(authorization, z.array(PaymentHistoryEntrySchema)),
  allocation: (authorization: string) => createAdminFetcher(authorization, AllocationSchema),
  affiliates: (authorization: string) => createAdminFetcher(authorization, AdminAffiliatesResponseSchema),
  affiliateSales: (authorization: string) => createAdminFetcher(authorization, AdminAffiliateSalesResponseSchema),
};

export type {
  AdminAffiliate,
  AdminAffiliateSale,
  AdminAffiliateSalesResponse,
  AdminAffiliatesResponse,
  AdminCounters,
  AdminLeadsResponse,
  AdminPaymentsResponse,
  AdminSubscriptionsResponse,
  Allocation,
  PaymentHistoryEntry,
};

/**
 * PUT /api/admin/payments/{id}/status. The answer's position is remembered by the
 * api-client, so the refresh that follows waits until the lists show the decision.
 */
export async function updatePaymentStatus(
  authorization: string,
  paymentId: string,
  update: PaymentStatusUpdateInput,
): Promise<PaymentStatusUpdated> {
  const res = await apiRequest('PUT', `${ADMIN_PAYMENTS_PREFIX}/${encodeURIComponent(paymentId)}/status`, update, {
    headers: { authorization },
  });
  return PaymentStatusUpdatedSchema.parse(await res.json());
}

/**
 * PUT /api/admin/affiliate-sales/{id}/status: verify (the rate and commission are fixed
 * now, from the affiliate's tier) or reject, once. The answer's position is remembered
 * by the api-client, so the refresh that follows waits until the lists show it.
 */
export async function updateAffiliateSaleStatus(
  authorization: string,
  saleId: string,
  update: SaleStatusUpdate,
): Promise<SaleStatusUpdated> {
  const res = await apiRequest('PUT', `${ADMIN_AFFILIATE_SALES_PREFIX}/${encodeURIComponent(saleId)}/status`, update, {
    headers: { authorization },
  });
  return SaleStatusUpdatedSchema.parse(await res.json());
}

// Object paths are '/objects/uploads/<uuid>'. Anything else (a dot segment, another origin,
// a query) is refused before the admin's credentials are attached to a request for it:
// the application's passport photo path is the visitor's own text.
const OBJECT_PATH = /^\/objects(?:\/[A-Za-z0-9_-]+)+$/;

/** The URL of an uploaded object for the admin, or null when the path does not name one. */
export function adminObjectUrl(objectPath: string | null | undefined): string | null {
  return objectPath && OBJECT_PATH.test(objectPath) ? `/api${objectPath}` : null;
}

/**
 * An uploaded image (a payment proof, a passport photo) for the admin. An <img> cannot
 * send the Basic header, so the bytes are fetched here and shown through an object URL.
 */
export async function fetchAdminImage(authorization: string, objectPath: string, signal?: AbortSignal): Promise<Blob> {
  const url = adminObjectUrl(objectPath);
  if (!url) throw new Error('This image path is not an uploaded file.');
  const res = await apiRequest('GET', url, undefined, { headers: { authorization }, signal });
  const blob = await res.blob();
  if (!blob.type.startsWith('image/')) throw new Error('The uploaded file is not an image.');
  return blob;
}

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
