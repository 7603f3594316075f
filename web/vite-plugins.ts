// Build steps of the SPA beyond Vite's own (issue 11, "every screen light to load").
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every text file of the build, at the highest levels: the
 * standalone server (@fastify/static `preCompressed`) and nginx (`gzip_static`) send them as
 * they are, so no request pays for compression. A variant that is not smaller is not written,
 * and the server then sends the file itself.
 */
/** Writes `file.br` and `file.gz` at the highest levels, each only when smaller than the file. */
export const compressNextTo = async (file: string) => {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    toBrotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    toGzip(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
};

/**
 * Writes `.br` and `.gz` next to every text file of the build, at the highest levels: the
 * standalone server (@fastify/static `preCompressed`) and nginx (`gzip_static`) send them as
 * they are, so no request pays for compression. A variant that is not smaller is not written,
 * and the server then sends the file itself.
 */
export const precompress = (outDir: string): Plugin => ({
  name: 'acres-precompress',
  apply: 'build',
  async writeBundle(options) {
    const dir = options.dir ?? outDir;
    const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
    await Promise.all(files.map((file) => compressNextTo(path.join(dir, file))));
  },
});

/** Where the standalone server finds, per page path, the chunks that page needs beyond the entry's. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

// `path: 'signin', Page: page(async () => (await import('@/features/…/sign-in-page')).SignInPage)`
const LAZY_ROUTE = /path: '([^'*]+)',\s*Page:([^}]*?)import\('([^']+)'\)/g;

/**
 * Lazy pages cost a round trip: the entry must run before the router asks for the page's chunk.
 * This writes, for every lazy route of router.tsx, the chunks it will import (with their static
 * imports, less what index.html already loads), so the server can name them in the page's HTML
 * as `modulepreload` links and the browser fetches them beside the entry.
 */
export const routePreloads = (options: {
  routerFile: string;
  srcDir: string;
  swrModule: string;
  /** Lazy modules every lazy page loads at once too (the toaster, lazy-toaster.tsx). */
  everyPage: string[];
}): Plugin => ({
  name: 'acres-route-preloads',
  apply: 'build',
  async generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const byModule = new Map(chunks.map((chunk) => [chunk.facadeModuleId?.replace(/\.tsx?$/, ''), chunk]));
    const closure = (fileName: string, into: Set<string>) => {
      if (into.has(fileName)) return into;
      into.add(fileName);
      for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
      return into;
    };
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!entry) return;
    const loadedByIndex = closure(entry.fileName, new Set());
    const swrChunk = byModule.get(options.swrModule.replace(/\.tsx?$/, ''));
    const preloads: Record<string, string[]> = {};
    for (const [, routePath, loader, specifier] of (await readFile(options.routerFile, 'utf8')).matchAll(LAZY_ROUTE)) {
      const module = specifier!.startsWith('@/')
        ? path.join(options.srcDir, specifier!.slice(2))
        : path.resolve(path.dirname(options.routerFile), specifier!);
      const chunk = byModule.get(module);
      if (!chunk) {
        this.warn(`no chunk for the lazy route /${routePath} (${specifier}): its page gets no preloads`);
        continue;
      }
      const files = closure(chunk.fileName, new Set());
      if (loader!.includes('page(') && swrChunk) closure(swrChunk.fileName, files);
      for (const extra of options.everyPage) {
        const extraChunk = byModule.get(extra.replace(/\.tsx?$/, ''));
        if (extraChunk) closure(extraChunk.fileName, files);
      }
      preloads[`/${routePath}`] = [...files].filter((file) => !loadedByIndex.has(file)).map((file) => `/${file}`);
    }
    this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
  },
});
