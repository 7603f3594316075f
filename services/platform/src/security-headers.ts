import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
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

const setTransportHeaders = (request: FastifyRequest, reply: FastifyReply) => {
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
};

/**
 * @fastify/helmet on every route and the not-found handler. Fastify answers some errors
 * (a malformed URL, an over-long parameter) before any hook runs; applySecurityHeaders
 * gives those answers the same headers.
 */
export const registerSecurityHeaders = (app: FastifyInstance, options: SecurityHeadersOptions = {}) => {
  const middleware = helmet(helmetOptions(options));
  app.register(fastifyHelmet, { ...helmetOptions(options), global: true });
  app.addHook('onRequest', async (request, reply) => setTransportHeaders(request, reply));
  const applySecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => {
    middleware(request.raw as IncomingMessage, reply.raw as ServerResponse, () => undefined);
    setTransportHeaders(request, reply);
  };
  return { applySecurityHeaders };
};
