/**
 * The SPA's only way to talk to the server (SPEC section 7).
 * Every call sends cookies; a non-OK answer throws `ApiError` whose message is
 * `${status}: ${bodyText || statusText}`.
 *
 * Read-your-writes (DESIGN section 5): command answers carry the global `position` of
 * the event they appended. We remember the largest one and send it as `x-min-position`
 * on later GETs, so the query API waits until its projections have caught up.
 */

export const MIN_POSITION_HEADER = 'x-min-position';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
  }
}

let lastPosition: bigint | null = null;

/** The largest event position any command answered with, as a decimal string. */
export function getLastPosition(): string | null {
  return lastPosition === null ? null : lastPosition.toString();
}

/** Remembers `position` when it is larger than what we already have. */
export function notePosition(position: unknown): void {
  let next: bigint;
  try {
    if (typeof position === 'number' && Number.isInteger(position) && position >= 0) {
      next = BigInt(position);
    } else if (typeof position === 'string' && /^\d+$/.test(position)) {
      next = BigInt(position);
    } else {
      return;
    }
  } catch {
    return;
  }
  if (lastPosition === null || next > lastPosition) lastPosition = next;
}

/** Test hook: forget the remembered position. */
export function resetLastPosition(): void {
  lastPosition = null;
}

function buildHeaders(method: HttpMethod, extra: Record<string, string> | undefined): Headers {
  const headers = new Headers(extra);
  const position = getLastPosition();
  if (method === 'GET' && position !== null && !headers.has(MIN_POSITION_HEADER)) {
    headers.set(MIN_POSITION_HEADER, position);
  }
  return headers;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let bodyText = '';
  try {
    bodyText = await res.text();
  } catch {
    bodyText = '';
  }
  throw new ApiError(res.status, res.statusText, bodyText);
}

async function rememberPositionOf(res: Response): Promise<void> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return;
  try {
    const body: unknown = await res.clone().json();
    if (body && typeof body === 'object' && 'position' in body) {
      notePosition((body as { position: unknown }).position);
    }
  } catch {
    // A body that is not JSON has no position; the caller reads it as it likes.
  }
}

/**
 * Sends one request. `body` is sent as JSON, except a Blob/File, which is sent raw
 * with its own type (used for PUT to an upload URL).
 * Returns the Response (still unread) when it is OK; throws `ApiError` otherwise.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers = buildHeaders(method, options.headers);
  let payload: BodyInit | undefined;
  if (body instanceof Blob) {
    payload = body;
    if (!headers.has('content-type') && body.type) headers.set('content-type', body.type);
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers.set('content-type', 'application/json');
  }
  const res = await fetch(url, {
    method,
    headers,
    body: payload,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfNotOk(res);
  if (method !== 'GET') await rememberPositionOf(res);
  return res;
}

/** `apiRequest` and read the JSON answer (null for an empty answer). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const res = await apiRequest(method, url, body, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

export type SwrKey = string | readonly unknown[];

/** Joins the key parts with '/': ['/api/admin/payments', id] -> '/api/admin/payments/<id>'. */
export function keyToUrl(key: SwrKey): string {
  return typeof key === 'string' ? key : key.map(String).join('/');
}

/**
 * SWR fetcher. With `on401: 'returnNull'` an unauthenticated answer yields null
 * instead of an error (for "who am I" style queries).
 */
export function getQueryFn<T = unknown>(options: {
  on401: UnauthorizedBehavior;
  headers?: Record<string, string>;
}): (key: SwrKey) => Promise<T> {
  return async (key) => {
    const res = await fetch(keyToUrl(key), {
      credentials: 'include',
      headers: buildHeaders('GET', options.headers),
    });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}
