import type { FastifyInstance } from 'fastify';
import { DOCS_ENDPOINTS, OPENAPI_JSON_PATH } from '@acres/platform/openapi/plugin';
import { parseRouteTree } from '@acres/platform/test';
import { createRandom } from './random.ts';
import { buildFuzzRequest, type FuzzCredentials, type FuzzRequest, type FuzzRoute } from './requests.ts';

export type FuzzFailure = {
  route: string;
  caseIndex: number;
  status: number;
  reason: string;
  request: FuzzRequest;
  body: string;
};

export type FuzzReport = {
  routes: string[];
  sent: number;
  /** Requests the inject client itself refused to build (e.g. an invalid header value). */
  unsendable: number;
  statuses: Record<number, number>;
  perRoute: Record<string, number>;
  failures: FuzzFailure[];
};

/** Internal texts of fastify and node that must never reach a client. */
export const INTERNAL_MESSAGE =
  /FST_ERR|ERR_[A-Z_]{4,}|is not a valid url component|exceeding the max param length|Invalid character in header|node:internal|at [\w.<>]+ \(/;

/** Method and path of every route, read from fastify's printRoutes tree. */
export const listRoutes = (app: FastifyInstance): FuzzRoute[] => parseRouteTree(app.printRoutes({ commonPrefix: false }));

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The OpenAPI document's operations as routes, `{id}` turned back into fastify's `:id`. */
export const routesOfDocument = (document: { paths?: Record<string, Record<string, unknown>> }): FuzzRoute[] =>
  Object.entries(document.paths ?? {}).flatMap(([url, item]) =>
    Object.keys(item)
      .filter((key) => HTTP_METHODS.has(key))
      .map((method) => ({ method: method.toUpperCase(), url: url.replace(/\{([^}/]+)\}/g, ':$1') })),
  );

/**
 * Routes the OpenAPI document leaves out on purpose: the SPA (its index, and the static files
 * with the page fallback behind `/*`) and the document's own endpoints.
 */
export const UNDOCUMENTED_ROUTES: readonly FuzzRoute[] = [
  { method: 'GET', url: '/' },
  { method: 'GET', url: '/*' },
  ...DOCS_ENDPOINTS.map((url) => ({ method: 'GET', url })),
];

/**
 * What the fuzz sends to: the document's routes, the undocumented ones above, and the HEAD
 * twin fastify adds to each GET (HEAD is not documented). `appRoutes` (listRoutes) only
 * tells which HEAD twins exist; the OpenAPI spec checks that nothing else is missing.
 */
export const fuzzTargets = (document: Parameters<typeof routesOfDocument>[0], appRoutes: readonly FuzzRoute[]): FuzzRoute[] => {
  const routes = [...routesOfDocument(document), ...UNDOCUMENTED_ROUTES];
  const heads = routes.filter(
    (route) => route.method === 'GET' && appRoutes.some((app) => app.method === 'HEAD' && app.url === route.url),
  );
  return [...routes, ...heads.map((route) => ({ method: 'HEAD', url: route.url }))];
};

/** The app's own OpenAPI document, as a client reads it. */
export const fetchDocument = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
  if (response.statusCode !== 200) throw new Error(`GET ${OPENAPI_JSON_PATH} answered ${response.statusCode}`);
  return response.json() as { paths: Record<string, Record<string, unknown>> } & Record<string, unknown>;
};

const seedOf = (seed: number, route: string) =>
  [...route].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), seed ^ 2166136261);

const checkAnswer = (request: FuzzRequest, status: number, contentType: string, body: string): string | null => {
  if (status >= 500) return `answered ${status}`;
  if (status < 400 || request.method === 'HEAD') return null;
  if (INTERNAL_MESSAGE.test(body)) return 'the error body shows an internal message';
  const isApi = request.url.startsWith('/api/') || request.url.startsWith('/api?');
  if (isApi && !contentType.includes('application/problem+json'))
    return `error answer is ${contentType || 'untyped'}, not problem+json`;
  return null;
};

/**
 * Sends `casesPerRoute` seeded requests to each route through app.inject, `concurrency`
 * at a time, and collects every 5xx and every error answer that is not a clean problem.
 */
export const fuzzRoutes = async (options: {
  app: FastifyInstance;
  routes: FuzzRoute[];
  casesPerRoute: number;
  seed: number;
  concurrency: number;
  credentials: FuzzCredentials;
  maxFailures?: number;
}): Promise<FuzzReport> => {
  const report: FuzzReport = { routes: [], sent: 0, unsendable: 0, statuses: {}, perRoute: {}, failures: [] };
  // Built lazily, in order, one at a time: a case is the same whatever the concurrency,
  // and 10,000 cases per route never sit in memory together.
  function* generateJobs() {
    for (const route of options.routes) {
      const name = `${route.method} ${route.url}`;
      report.routes.push(name);
      const random = createRandom(seedOf(options.seed, name));
      for (let caseIndex = 0; caseIndex < options.casesPerRoute; caseIndex += 1) {
        yield { name, caseIndex, request: buildFuzzRequest(random, route, options.credentials) };
      }
    }
  }
  const jobs = generateJobs();
  const worker = async () => {
    for (let job = jobs.next(); !job.done && report.failures.length < (options.maxFailures ?? 20); job = jobs.next()) {
      const { name, caseIndex, request } = job.value;
      let response;
      try {
        response = await options.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          payload: request.payload,
          remoteAddress: request.remoteAddress,
        });
      } catch {
        report.unsendable += 1;
        continue;
      }
      report.sent += 1;
      report.perRoute[name] = (report.perRoute[name] ?? 0) + 1;
      report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
      const reason = checkAnswer(request, response.statusCode, String(response.headers['content-type'] ?? ''), response.body);
      if (reason)
        report.failures.push({
          route: name,
          caseIndex,
          status: response.statusCode,
          reason,
          request,
          body: response.body.slice(0, 500),
        });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return report;
};

/** A short, readable account of the failures for an assertion message or the CLI. */
export const describeFailures = (report: FuzzReport) =>
  report.failures
    .map(
      (f) =>
        `${f.route} #${f.caseIndex}: ${f.reason}\n  ${f.request.method} ${f.request.url.slice(0, 200)} ${JSON.stringify(f.request.headers).slice(0, 300)}\n  body sent: ${String(f.request.payload ?? '').slice(0, 200)}\n  answer: ${f.body}`,
    )
    .join('\n');
