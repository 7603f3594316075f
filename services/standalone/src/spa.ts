import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendProblem, type Logger } from '@acres/platform';
import type { LivePages } from './live-pages.ts';

export const WEB_DIR = fileURLToPath(new URL('../../../web', import.meta.url));
export const WEB_DIST = path.join(WEB_DIR, 'dist');

/**
 * Client-side routes the SPA answers with 200; any other page path gets the SPA's 404 page with a
 * real 404 status. Every page of web/src/app/router.tsx must be here (spa-routes.unit.spec.ts).
 */
export const SPA_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/privacy',
  '/admin',
  '/admin/accept-invitation',
  '/dashboard',
  '/signin',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/affiliate',
  '/affiliate/onboarding',
  '/affiliate/dashboard',
  '/affiliate/resources',
  '/unsubscribe',
  '/materials',
  '/application-status',
]);

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
};

/** Builds the SPA when its bundle is missing or older than its sources (and contracts). */
export const ensureWebBuilt = async (logger: Logger) => {
  const index = path.join(WEB_DIST, 'index.html');
  const contractsDir = path.join(WEB_DIR, '..', 'contracts', 'src');
  // The build's own configuration counts too: it decides what the build writes (e.g. the .br
  // and .gz copies the server sends).
  const buildFiles = ['vite.config.ts', 'vite-plugins.ts', 'vite-prerender.ts', 'index.html', 'package.json'].map(
    (file) => statSync(path.join(WEB_DIR, file)).mtimeMs,
  );
  const sourcesChanged = existsSync(index)
    ? Math.max(newestMtime(path.join(WEB_DIR, 'src')), newestMtime(contractsDir), ...buildFiles) > statSync(index).mtimeMs
    : true;
  if (!sourcesChanged) return;
  logger.info('building the web app (vite build)…');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB_DIR, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed with exit code ${code}`))));
  });
};

export const readIndexHtml = () => readFile(path.join(WEB_DIST, 'index.html'), 'utf8');

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with: brotli before gzip, as @fastify/static picks for the assets. */
const pickEncoding = (acceptEncoding: string | string[] | undefined): Encoding => {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
};

const encode = (html: string, encoding: Encoding): Buffer => {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  if (encoding === 'gzip') return gzipSync(html, { level: 9 });
  return Buffer.from(html);
};

// Brotli at quality 11 is slow: compressing every page's variants up front cost each start of
// the product 1-1.5 s of CPU (twice, when the fallback and the root route each built a sender), and
// the test suite starts the product some fifty times. A body is compressed when first asked
// for and kept by its text, so equal pages share it; the bound only guards against pages
// whose text keeps changing.
const bodies = new Map<string, Partial<Record<Encoding, Buffer>>>();
const MAX_BODIES = 500;

type Bodies = (encoding: Encoding) => Buffer;

const compressAll =
  (html: string): Bodies =>
  (encoding) => {
    let cached = bodies.get(html);
    if (!cached) {
      if (bodies.size >= MAX_BODIES) bodies.clear();
      cached = {};
      bodies.set(html, cached);
    }
    return (cached[encoding] ??= encode(html, encoding));
  };

/**
 * Per lazy page, the chunks it will import beyond the entry's (web/vite-plugins.ts writes them at
 * build time). Named in that page's HTML as modulepreload links, they download beside the entry
 * instead of after it has run (issue 11). A build without the file just gets no preloads.
 */
const readRoutePreloads = (): Map<string, string[]> => {
  try {
    const parsed = JSON.parse(readFileSync(path.join(WEB_DIST, 'route-preloads.json'), 'utf8')) as Record<string, unknown>;
    return new Map(
      Object.entries(parsed)
        .filter(([route]) => SPA_ROUTES.has(route))
        .map(([route, files]) => [
          route,
          (Array.isArray(files) ? files : []).filter((file): file is string => /^\/assets\/[\w.-]+\.js$/.test(String(file))),
        ]),
    );
  } catch {
    return new Map();
  }
};

// Low priority: the entry comes first, so the page's first paint (the loading state) is not
// delayed by chunks only its content needs (Lighthouse, /signin FCP 2.8 s → 2.2 s).
const withPreloads = (indexHtml: string, files: string[]) =>
  indexHtml.replace(
    '</head>',
    `${files.map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">\n`).join('')}  </head>`,
  );

/**
 * The public pages the build rendered to HTML (web/vite-prerender.ts writes
 * prerendered/<path>/index.html): they paint before their JavaScript has run (issue 29). Each
 * already names its lazy page's chunks. A build without them just serves index.html.
 */
const readPrerenderedPages = (): Map<string, string> =>
  new Map(
    [...SPA_ROUTES].flatMap((route) => {
      const file = path.join(WEB_DIST, 'prerendered', route, 'index.html');
      return existsSync(file) ? [[route, readFileSync(file, 'utf8')] as const] : [];
    }),
  );

export type PageSender = (request: FastifyRequest, reply: FastifyReply, route: string) => Promise<FastifyReply>;

/**
 * index.html is served from memory (the page routes and the SPA fallback), so it is compressed
 * once here, in one variant per page (or the page's prerendered HTML), rather than read from the
 * build's .br and .gz files. It revalidates on every load (`no-cache`): it names the current
 * hashed bundles. One sender serves the root route and the fallback alike.
 */
export const createPageSender = (indexHtml: string, live: LivePages | null = null): PageSender => {
  const base = compressAll(indexHtml);
  const built = readPrerenderedPages();
  const perRoute = new Map([
    ...[...readRoutePreloads()].map(([route, files]) => [route, compressAll(withPreloads(indexHtml, files))] as const),
    ...[...built].map(([route, html]) => [route, compressAll(html)] as const),
  ]);
  // A prerendered page rendered again with the settings in force (live-pages.ts); compressAll
  // keeps its bodies by their text, so each is compressed once per change of the settings.
  const liveBodies = async (route: string) => {
    const builtHtml = built.get(route);
    const html = live && builtHtml ? await live.pageHtml(route, builtHtml) : null;
    return html === null ? undefined : compressAll(html);
  };
  return async (request: FastifyRequest, reply: FastifyReply, route: string) => {
    const known = SPA_ROUTES.has(route);
    const pick = (known && ((await liveBodies(route)) ?? perRoute.get(route))) || base;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply
      .status(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(pick(encoding));
  };
};

/** Page paths fall back to the SPA; unknown /api paths stay problem+json 404s. */
export const createSpaFallback = (sendIndex: PageSender) => {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendProblem(reply, { status: 404, detail: `No route for ${request.method} ${pathname}` });
    }
    return sendIndex(request, reply, pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  };
};

/** Hashed bundles never change: a year, immutable. Everything else revalidates hourly. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const registerSpaAssets = async (app: FastifyInstance, sendIndex: PageSender) => {
  await app.register(fastifyStatic, {
    root: WEB_DIST,
    prefix: '/',
    // A missing file falls through to the not-found handler, i.e. the SPA fallback.
    wildcard: true,
    index: false,
    maxAge: '1h',
    // The build writes .br and .gz next to every text asset (web/vite.config.ts); this sends the
    // best one the client accepts, with Content-Encoding and Vary: Accept-Encoding (issue 11).
    preCompressed: true,
    // Source maps are built for our own debugging (vite 'hidden') and never served; index.html
    // and the prerendered pages (and their compressed copies) only through the routes, with
    // their status and cache headers.
    allowedPath: (pathname) =>
      !/^\/(index\.html|route-preloads\.json)(\.(br|gz))?$/.test(pathname) &&
      !pathname.startsWith('/prerendered/') &&
      !pathname.toLowerCase().endsWith('.map'),
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', ASSET_CACHE_CONTROL);
    },
  });
  app.get('/', (request, reply) => sendIndex(request, reply, '/'));
};
