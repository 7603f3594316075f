// The public pages as HTML at build time (issue 29, "fast on a weak phone"): a blank page until
// the JavaScript has run cost a throttled phone seconds before its first paint.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Alias, type Plugin, type PluginOption } from 'vite';
import { compressNextTo, ROUTE_PRELOADS_FILE } from './vite-plugins.ts';

/** Where the servers look for a page's HTML: `prerendered/index.html`, `prerendered/privacy/index.html`. */
export const PRERENDERED_DIR = 'prerendered';

type PrerenderEntry = {
  PRERENDERED_PATHS: string[];
  prerenderPage: (path: string) => Promise<string>;
};

const ROOT_ELEMENT = '<div id="root"></div>';

// As the standalone server names a lazy page's chunks (services/standalone/src/spa.ts): low
// priority, so they never delay the stylesheet the first paint needs.
const preloadLinks = (files: string[]) =>
  files.map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">\n`).join('');

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * The page's stylesheets inlined: its first paint then needs the HTML alone. On issue 29's
 * throttled phone (400 kbps, 400 ms latency) the stylesheet's own round trip, sharing the line
 * with the scripts, held the first paint of the landing at 2.4 s; inlined, 1.3 s. The site's
 * CSP allows inline styles (style-src 'unsafe-inline'); Vite writes asset URLs from the root
 * (/assets/…), which hold on any page's path.
 */
const inlineStylesheets = async (html: string, outDir: string) => {
  const sheets = new Map<string, string>();
  for (const [, href] of html.matchAll(STYLESHEET)) {
    const css = await readFile(path.join(outDir, href!), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
    sheets.set(href!, css);
  }
  return html.replace(STYLESHEET, (_link, href: string) => `<style>${sheets.get(href)}</style>`);
};

/**
 * After the client build: builds `entry` (web/src/prerender.tsx) for Node, renders each of its
 * paths into the built index.html (its stylesheet inlined, the chunks its lazy page needs named
 * as modulepreload links) and writes them with their .br and .gz copies. #root carries the path it was rendered for:
 * main.tsx hydrates only a visit to that very page.
 */
export const prerender = (options: {
  entry: string;
  outDir: string;
  /** Where the Node build goes: inside web/, so its imports of react and the rest resolve. */
  serverOutDir: string;
  plugins: () => PluginOption[];
  alias: Alias[];
}): Plugin => {
  let skip = false;
  return {
    name: 'acres-prerender',
    apply: 'build',
    configResolved(config) {
      skip = Boolean(config.build.ssr) || config.build.write === false;
    },
    async closeBundle() {
      if (skip) return;
      await build({
        configFile: false,
        root: path.dirname(options.entry),
        logLevel: 'warn',
        plugins: options.plugins(),
        resolve: { alias: options.alias },
        build: {
          ssr: options.entry,
          outDir: options.serverOutDir,
          emptyOutDir: true,
          minify: false,
          // .mjs: Node reads it as a module whatever package.json sits above it.
          rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
        },
      });
      const built = path.join(options.serverOutDir, `${path.basename(options.entry).replace(/\.tsx?$/, '')}.mjs`);
      // A query per build: a second build in the same process (the test servers) must not get the first's module.
      const { PRERENDERED_PATHS, prerenderPage } = (await import(`${pathToFileURL(built).href}?${Date.now()}`)) as PrerenderEntry;
      const template = await inlineStylesheets(await readFile(path.join(options.outDir, 'index.html'), 'utf8'), options.outDir);
      if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
      const preloads = JSON.parse(await readFile(path.join(options.outDir, ROUTE_PRELOADS_FILE), 'utf8')) as Record<
        string,
        string[]
      >;
      for (const page of PRERENDERED_PATHS) {
        const body = await prerenderPage(page);
        const html = template
          .replace('</head>', `${preloadLinks(preloads[page] ?? [])}  </head>`)
          .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${page}">${body}</div>`);
        const file = path.join(options.outDir, PRERENDERED_DIR, page, 'index.html');
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, html);
        await compressNextTo(file);
      }
    },
  };
};
