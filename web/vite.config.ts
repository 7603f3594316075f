import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
// `@/…` is web/src/…: the same alias as the paths of the root tsconfig.json and in vitest.config.ts.
const webSrcAlias = { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) };

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every text file of the build, at the highest levels: the
 * standalone server (@fastify/static `preCompressed`) and nginx (`gzip_static`) send them as
 * they are, so no request pays for compression (issue 11). A variant that is not smaller is
 * not written, and the server then sends the file itself.
 */
const precompress = (): Plugin => ({
  name: 'acres-precompress',
  apply: 'build',
  async writeBundle(options) {
    const dir = options.dir ?? outDir;
    const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
    await Promise.all(
      files.map(async (file) => {
        const full = path.join(dir, file);
        const source = await readFile(full);
        const [br, gz] = await Promise.all([
          toBrotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          toGzip(source, { level: 9 }),
        ]);
        if (br.length < source.length) await writeFile(`${full}.br`, br);
        if (gz.length < source.length) await writeFile(`${full}.gz`, gz);
      }),
    );
  },
});

export default defineConfig(({ command, mode }) => {
  // A production build must never bundle React's development runtime, even when the
  // process that runs it has NODE_ENV=test (test servers build the SPA on start).
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: webRoot,
    plugins: [react(), tailwindcss(), precompress()],
    resolve: { alias: [webSrcAlias] },
    server: {
      proxy: {
        '/api': { target: 'http://localhost:3000', changeOrigin: false },
      },
    },
    build: {
      outDir,
      emptyOutDir: true,
      // Maps for our own debugging only: no sourceMappingURL comment in the bundles, and neither
      // the server (spa.ts) nor the proxy (nginx) serves .map files.
      sourcemap: 'hidden',
      rolldownOptions: {
        // @acres/contracts only declares schemas and constants, but its modules build zod schemas
        // at the top level, which a bundler must keep unless told they are pure: pages that import
        // one name from the package index then got every schema and libphonenumber (issue 11).
        treeshake: { moduleSideEffects: (id) => (/[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined) },
      },
    },
  };
});
