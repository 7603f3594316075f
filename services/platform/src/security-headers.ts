import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

export type SecurityHeadersOptions = {
  /** Extra origins the pages may fetch from, e.g. the S3 endpoint browsers PUT uploads to. */
  connectSources?: readonly string[];
};

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The CSP of every answer. The built SPA runs no inline script; styles allow 'unsafe-inline'
 * because Radix's scroll lock (react-remove-scroll) injects a <style> element whose content
 * varies, so no hash or static nonce can cover it. Images come from our origin, data: icons
 * and blob: previews of files the user picked; uploads go to our origin or the S3 endpoint.
 */
export const contentSecurityPolicyDirectives = (options: SecurityHeadersOptions = {}) => ({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", ...(options.connectSources ?? [])],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

export const formatContentSecurityPolicy = (options: SecurityHeadersOptions = {}) =>
  Object.entries(contentSecurityPolicyDirectives(options))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');

const helmetOptions = (options: SecurityHeadersOptions) => ({
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(options) },
  // Only over TLS (see below): HSTS on plain HTTP is ignored by browsers and misleading in tests.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' as const },
  referrerPolicy: { policy: 'same-origin' as const },
  crossOriginEmbedderPolicy: false,
});

/** The origin of a URL (e.g. S3_ENDPOINT) for connect-src, or nothing when unset. */
export const originsOf = (...urls: (string | undefined)[]) => urls.flatMap((url) => (url ? [new URL(url).origin] : []));

type HeaderWrite = { name: string; value: string | undefined };

/**
 * What helmet writes for these options, recorded once: its headers depend only on the
 * options (no CSP nonces here), so replaying them spares every request helmet's own
 * per-request work (the CSP parsed again, its middleware chain built again), which the
 * CPU profile of POST /api/leads showed at about 5 % of the server's time. That is why this
 * uses helmet itself and not the @fastify/helmet plugin, which runs helmet on every request (the
 * plugin was declared but unused, and is no longer a dependency).
 */
const recordHelmetHeaders = (options: SecurityHeadersOptions): HeaderWrite[] => {
  const writes: HeaderWrite[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void writes.push({ name, value: String(value) }),
    removeHeader: (name: string) => void writes.push({ name, value: undefined }),
  };
  helmet(helmetOptions(options))({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return writes;
};

const setTransportHeaders = (request: FastifyRequest, reply: FastifyReply) => {
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
};

/**
 * Helmet's headers on every route and the not-found handler, on the raw response as
 * helmet sets them (so a hijacked or streamed answer has them too). Fastify answers some
 * errors (a malformed URL, an over-long parameter) before any hook runs;
 * applySecurityHeaders gives those answers the same headers.
 */
export const registerSecurityHeaders = (app: FastifyInstance, options: SecurityHeadersOptions = {}) => {
  const writes = recordHelmetHeaders(options);
  const applySecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => {
    const raw = reply.raw as ServerResponse;
    for (const { name, value } of writes) {
      if (value === undefined) raw.removeHeader(name);
      else raw.setHeader(name, value);
    }
    setTransportHeaders(request, reply);
  };
  // One synchronous hook: an async one costs a promise and a microtask turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request, reply);
    done();
  });
  return { applySecurityHeaders };
};
