import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { REFERENCE_PAGE_CSS } from './reference-page-css.ts';
import { renderReferencePage } from './reference-page.ts';
import { DEFAULT_GUARDS, SECURITY_SCHEMES, securityOfRoute, type PathSecurity, type SecurityGuard } from './security.ts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
export const DOCS_CSS_PATH = '/api/docs/reference.css';
/** The plugin's own endpoints, left out of the document. */
export const DOCS_ENDPOINTS = [OPENAPI_JSON_PATH, DOCS_PATH, DOCS_CSS_PATH] as const;

/** Operational endpoints documented beside /api; other paths (the SPA, its assets) are pages, not API. */
const OPERATIONAL_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export const isDocumentedPath = (url: string) =>
  (url.startsWith('/api/') || OPERATIONAL_PATHS.has(url)) && !(DOCS_ENDPOINTS as readonly string[]).includes(url);

/** The product's version: the root package.json's, else the platform package's. */
export const readProductVersion = (): string => {
  for (const file of ['../../../../package.json', '../../package.json']) {
    try {
      const version = (JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { version?: unknown }).version;
      if (typeof version === 'string' && version) return version;
    } catch {
      // the next candidate
    }
  }
  return '0.0.0';
};

export type OpenApiOptions = {
  title?: string;
  version?: string;
  description?: string;
  /** Hooks that refuse unauthenticated requests; requireUser (session cookie) is always known. */
  guards?: SecurityGuard[];
  /** For routes behind a guard this plugin is not given (built inside another plugin). */
  pathSecurity?: PathSecurity[];
};

/** The first path segment under /api (admin ones by their second), for grouping. */
const tagOf = (url: string) => {
  const [, first, second] = /^\/api\/([^/.]+)(?:\/([^/.:*]+))?/.exec(url) ?? [];
  if (!first) return 'operations';
  if (first === 'login' || first === 'logout') return 'auth';
  if (first === 'admin') return second ? `admin: ${second}` : 'admin';
  return first;
};

type Transform = ReturnType<typeof createJsonSchemaTransform>;

/**
 * The OpenAPI 3.1 document of every route registered after it, generated from the zod
 * schemas the routes validate with (fastify-type-provider-zod's transform for
 * @fastify/swagger), at GET /api/openapi.json, and a script-free HTML reference at
 * GET /api/docs. Register it on the root app before any route: it collects routes as they
 * are added. Security requirements come from the guard hooks each route runs.
 */
const openApi: FastifyPluginAsync<OpenApiOptions> = async (app, options) => {
  const guards = [...DEFAULT_GUARDS, ...(options.guards ?? [])];
  const paths = options.pathSecurity ?? [];
  // The context each route was declared in. Its hooks are read when the document is built
  // (after ready): fastify adds a plugin's addHook hooks only once its routes are declared.
  const contexts = new WeakMap<object, FastifyInstance>();
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    contexts.set(route, this);
  });

  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  const transform: Transform = (input) => {
    const { url, route } = input as Parameters<Transform>[0] & { route: RouteOptions };
    if (!isDocumentedPath(url)) return { schema: { hide: true }, url };
    const result = zodTransform(input);
    const schema = { ...(result.schema as Record<string, unknown> | undefined), tags: [tagOf(url)] } as Record<string, unknown>;
    const context = contexts.get(route);
    const requirements = context ? securityOfRoute(context, route, guards, paths) : undefined;
    if (requirements) schema.security = requirements;
    return { schema, url: result.url } as ReturnType<Transform>;
  };

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title ?? 'Acres API',
        version: options.version ?? readProductVersion(),
        ...(options.description ? { description: options.description } : {}),
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: structuredClone(SECURITY_SCHEMES) as never },
    },
    transform,
    transformObject: createJsonSchemaTransformObject({}),
  });

  const documentOf = () => app.swagger() as unknown as Record<string, unknown>;
  let page: string | undefined;

  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(documentOf()),
  );
  app.get(DOCS_PATH, { schema: { hide: true } }, async (_request, reply) => {
    page ??= renderReferencePage(documentOf(), { stylesheet: DOCS_CSS_PATH, documentUrl: OPENAPI_JSON_PATH });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
  app.get(DOCS_CSS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(REFERENCE_PAGE_CSS),
  );
};

/** fastify-plugin: the onRoute hooks must sit on the app itself to see every route. */
export const openApiPlugin = fp(openApi, { name: 'acres-openapi' });
