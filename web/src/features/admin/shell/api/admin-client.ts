import { type AdminCountersResponse, AdminCountersResponseSchema, LogoutResponseSchema } from '@acres/contracts';
import { type StaffMe, StaffMeSchema, type StaffSignInRequest } from '@acres/contracts/staff';
import { z } from 'zod';
import { apiRequest, keyToUrl, type SwrKey } from '@/lib/api-client';

export const ADMIN_PAGE_SIZE = 50;

/** Every admin read lives under this prefix; Refresh and Sign out act on all of them. */
export const ADMIN_KEY_PREFIX = '/api/admin/';

export const ADMIN_COUNTERS_KEY = '/api/admin/counters';

/** The overview's weekly charts (leads, applications, payments, allocation). */
export const ADMIN_CHARTS_KEY = '/api/admin/charts';

export function isAdminKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(ADMIN_KEY_PREFIX);
}

/**
 * `limit` (one page) and where it starts, the start of every admin list's query: a keyset
 * `cursor` from the previous answer when there is one (as fast deep in the list as on its
 * first page), else `offset`.
 */
export function adminPageParams(offset: number, cursor?: string): URLSearchParams {
  return cursor
    ? new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), cursor })
    : new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
}

/** Where an admin list's page starts: its offset (for 'Showing 51–100') and, past the first page, its cursor. */
export type AdminPage = { offset: number; cursor?: string | undefined };

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
export function createAdminFetcher<S extends z.ZodType>(authorization: string, schema: S): (key: SwrKey) => Promise<z.output<S>> {
  return async (key) => {
    const parsed = schema.safeParse(await queryAdmin(authorization, key));
    if (parsed.success) return parsed.data;
    const first = parsed.error.issues[0];
    const where = first?.path.length ? ` at ${first.path.join('.')}` : '';
    throw new Error(
      `The server's answer to ${keyToUrl(key).split('?')[0]} was not understood (${first?.message ?? 'invalid'}${where}).`,
    );
  };
}

/** The path of an action on one record: '{prefix}/{id}/{action}'. */
export const recordPath = (prefix: string, id: string, action: string) => `${prefix}/${encodeURIComponent(id)}/${action}`;

/** An admin command: `body` sent with the Basic header, the answer read by `schema`. */
export async function sendAdminCommand<T>(
  authorization: string,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
): Promise<T> {
  const res = await apiRequest(method, path, body, { headers: { authorization } });
  return schema.parse(await res.json());
}

/** The header that says "my staff session cookie" (issue 27): the cookie itself is httpOnly. */
export const STAFF_SESSION_AUTHORIZATION = 'Session';

/** Who the credentials or the staff session sign in, with their role's areas. */
export async function fetchAdminMe(authorization: string): Promise<StaffMe> {
  return createAdminFetcher(authorization, StaffMeSchema)('/api/admin/me');
}

/**
 * The sign-in page's first call: the server gives this browser its device cookie (httpOnly, kept
 * a year) when it has none, so failed sign-ins are counted per device and not per shared address.
 */
export async function requestStaffDevice(): Promise<void> {
  await apiRequest('GET', '/api/staff/device');
}

/** Email, password and a second factor: the answer is the member, and the browser keeps the session cookie. */
export async function signInStaff(request: StaffSignInRequest): Promise<StaffMe> {
  const res = await apiRequest('POST', '/api/staff/signin', request);
  return StaffMeSchema.parse(await res.json());
}

export async function signOutStaff(): Promise<void> {
  const res = await apiRequest('POST', '/api/staff/signout', undefined);
  LogoutResponseSchema.parse(await res.json());
}

/** The login check: the counters answer only to valid credentials. */
export async function fetchAdminCounters(authorization: string): Promise<AdminCountersResponse> {
  return createAdminFetcher(authorization, AdminCountersResponseSchema)(ADMIN_COUNTERS_KEY);
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
