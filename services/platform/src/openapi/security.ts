import type { FastifyInstance, RouteOptions } from 'fastify';
import { requireUser, SESSION_COOKIE } from '../sessions.ts';

/** One OpenAPI security requirement: scheme name → scopes (always empty here). */
export type SecurityRequirement = Record<string, string[]>;

export const SECURITY_SCHEMES = {
  adminBasic: {
    type: 'http',
    scheme: 'basic',
    description:
      'The admin credentials (ADMIN_USERNAME / ADMIN_PASSWORD). Repeated failures slow down the account and the address.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The investor session, set by POST /api/auth/signin, POST /api/auth/verify-email (the emailed link) or the OpenID Connect callback (sign-up sets none). Writes carrying it must come from this origin (Origin or Referer).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN, for a Prometheus scraper (the admin credentials work too).',
  },
} as const;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

export const ADMIN_BASIC: SecurityRequirement[] = [{ adminBasic: [] }];
export const SESSION_COOKIE_AUTH: SecurityRequirement[] = [{ sessionCookie: [] }];
export const ADMIN_OR_METRICS_TOKEN: SecurityRequirement[] = [{ adminBasic: [] }, { metricsToken: [] }];

/** A hook function that refuses unauthenticated requests, and what it asks for. */
export type SecurityGuard = { hook: unknown; security: SecurityRequirement[] };
/** Fallback for routes whose guard the plugin cannot see (e.g. one built inside another plugin). */
export type PathSecurity = { prefix: string; security: SecurityRequirement[] };

/** Every route that runs requireUser (the platform's session check) needs the session cookie. */
export const DEFAULT_GUARDS: SecurityGuard[] = [{ hook: requireUser, security: SESSION_COOKIE_AUTH }];

const GUARD_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

/**
 * The hooks that an encapsulation context added with addHook. Fastify keeps them under
 * an internal symbol (`fastify.hooks`) with no public accessor; when it is not found
 * (a future fastify), only route-level hooks and the path fallback count, and the
 * OpenAPI test's 401 checks tell.
 */
const contextHooksOf = (instance: FastifyInstance): Record<string, unknown> | undefined => {
  for (let object: object | null = instance; object; object = Object.getPrototypeOf(object)) {
    const symbol = Object.getOwnPropertySymbols(object).find((candidate) => candidate.description === 'fastify.hooks');
    if (symbol) return (object as Record<symbol, Record<string, unknown>>)[symbol];
  }
  return undefined;
};

/** Both alternatives of each requirement list must hold: the product of the lists. */
const combine = (lists: SecurityRequirement[][]): SecurityRequirement[] =>
  lists.reduce<SecurityRequirement[]>(
    (product, list) => product.flatMap((left) => list.map((right) => ({ ...left, ...right }))),
    [{}],
  );

/** The security requirements of a route, from the guard hooks it runs (route-level or inherited). */
export const securityOfRoute = (
  instance: FastifyInstance,
  route: RouteOptions,
  guards: readonly SecurityGuard[],
  paths: readonly PathSecurity[],
): SecurityRequirement[] | undefined => {
  const contextHooks = contextHooksOf(instance);
  const hooks = new Set<unknown>();
  for (const name of GUARD_HOOKS) {
    for (const hook of asList(route[name])) hooks.add(hook);
    for (const hook of asList(contextHooks?.[name])) hooks.add(hook);
  }
  const matched = guards.filter((guard) => hooks.has(guard.hook)).map((guard) => guard.security);
  if (matched.length > 0) return combine(matched);
  return paths.find((path) => route.url.startsWith(path.prefix))?.security;
};
