import type { FastifyRequest } from 'fastify';

/**
 * host[:port] in lower case without :80 or :443. Either default port is dropped
 * whatever the scheme: behind a TLS-terminating proxy the app may see http while the
 * browser says https, and the same host name on its default port is the same site.
 */
const normaliseHost = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

const hostOf = (value: string) => {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return normaliseHost(url.host);
  } catch {
    return null;
  }
};

/**
 * Whether a request comes from a page of this same site. Browsers send Origin on
 * every cross-origin write (and Sec-Fetch-Site where supported); Referer is the
 * fallback for old ones. A request with none of them is not from a browser page
 * (curl, server-to-server) and cannot ride on a victim's cookies, so it passes.
 */
export const isSameOrigin = (request: FastifyRequest): boolean => {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return false;
  const ownHost = normaliseHost(request.host);
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    // 'null' is what sandboxed frames and some redirects send: never same-origin.
    const host = origin === 'null' ? null : hostOf(origin);
    return host !== null && host === ownHost;
  }
  const referer = request.headers.referer;
  if (typeof referer === 'string') return hostOf(referer) === ownHost;
  return true;
};
