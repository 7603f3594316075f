import { existsSync, statSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendProblem, type Logger } from '@acres/platform';

export const WEB_DIR = fileURLToPath(new URL('../../../web', import.meta.url));
export const WEB_DIST = path.join(WEB_DIR, 'dist');

/** Client-side routes the SPA answers with 200; any other page path gets the SPA's 404 page with a real 404 status. */
const SPA_ROUTES = new Set([
  '/',
  '/privacy',
  '/admin',
  '/dashboard',
  '/signin',
  '/affiliate',
  '/affiliate/onboarding',
  '/affiliate/dashboard',
  '/affiliate/resources',
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
  const sourcesChanged = existsSync(index)
    ? Math.max(newestMtime(path.join(WEB_DIR, 'src')), newestMtime(contractsDir)) > statSync(index).mtimeMs
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

/** Page paths fall back to the SPA; unknown /api paths stay problem+json 404s. */
export const createSpaFallback = (indexHtml: string) => (request: FastifyRequest, reply: FastifyReply) => {
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname.startsWith('/api/') || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    return sendProblem(reply, { status: 404, detail: `No route for ${request.method} ${pathname}` });
  }
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return reply
    .status(SPA_ROUTES.has(normalised) ? 200 : 404)
    .type('text/html')
    .header('cache-control', 'no-cache')
    .send(indexHtml);
};

export const registerSpaAssets = async (app: FastifyInstance, indexHtml: string) => {
  await app.register(fastifyStatic, {
    root: WEB_DIST,
    prefix: '/',
    // A missing file falls through to the not-found handler, i.e. the SPA fallback.
    wildcard: true,
    index: false,
    maxAge: '1h',
    // Source maps are built for our own debugging (vite 'hidden') and never served.
    allowedPath: (pathname) => pathname !== '/index.html' && !pathname.toLowerCase().endsWith('.map'),
    setHeaders: (reply, filePath) => {
      // Hashed bundles never change; everything else revalidates hourly.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/', (_request, reply) => reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml));
};
