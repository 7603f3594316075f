import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, routePreloads } from './vite-plugins.ts';
import { prerender } from './vite-prerender.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
// `@/…` is web/src/…: the same alias as the paths of the root tsconfig.json and in vitest.config.ts.
const webSrcAlias = { find: /^@\//, replacement: `${srcDir}/` };

export default defineConfig(({ command, mode }) => {
  // A production build must never bundle React's development runtime, even when the
  // process that runs it has NODE_ENV=test (test servers build the SPA on start).
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: webRoot,
    plugins: [
      react(),
      tailwindcss(),
      routePreloads({
        routerFile: `${srcDir}/app/router.tsx`,
        srcDir,
        swrModule: `${srcDir}/app/with-swr-config.tsx`,
        everyPage: [`${srcDir}/components/ui/toaster.tsx`],
      }),
      precompress(outDir),
      // Last: it fills the index.html and route preloads the steps above wrote.
      prerender({
        entry: `${srcDir}/prerender.tsx`,
        outDir,
        serverOutDir: fileURLToPath(new URL('./node_modules/.acres-prerender', import.meta.url)),
        plugins: () => [react()],
        alias: [webSrcAlias],
      }),
    ],
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
