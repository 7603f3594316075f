// The public pages as the owner's settings make them (issue 29, item 7). The build renders them
// with no settings (their figures in the loading state: SPEC's terms, no contacts); served as
// built, a page painted SPEC's price and size, then switched to the owner's once its JavaScript
// had fetched /api/settings. Here the server renders each page again with the settings in force,
// once per change of them, and #root carries those settings so the client's first render (and
// its hydration) starts from the very same figures.

import { existsSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PublicSettings } from '@acres/contracts/settings-reads';
import type { Logger } from '@acres/platform';

/** The build's Node entry of the pages (web/vite-prerender.ts writes it beside web's modules). */
export const PAGE_RENDERER = fileURLToPath(new URL('../../../web/node_modules/.acres-prerender/prerender.mjs', import.meta.url));

type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

type PageRenderer = { prerenderPage: (path: string, settings?: PublicSettings) => Promise<string> };

export type LivePages = {
  /** The page's HTML with the settings in force, or null to serve it as built (no renderer, a failure). */
  pageHtml: (route: string, builtHtml: string) => Promise<string | null>;
};

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built page with #root's content rendered anew and the settings it was rendered with; null when #root is not found. */
export const withRenderedRoot = (html: string, route: string, body: string, settings: PublicSettings): string | null => {
  const open = `<div id="root" data-prerendered="${route}">`;
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
  if (start < 0 || end < start) return null;
  const root = `<div id="root" data-prerendered="${route}" data-settings="${escapeAttribute(JSON.stringify(settings))}">`;
  return `${html.slice(0, start)}${root}${body}${html.slice(end)}`;
};

/** Null when the build left no renderer (the pages are then served as built). */
export const openLivePages = async (options: {
  readSettings: () => Promise<PublicSettings>;
  logger: Logger;
  renderer?: string;
}): Promise<LivePages | null> => {
  const file = options.renderer ?? PAGE_RENDERER;
  if (!existsSync(file)) return null;
  // Imported on the first page asked for, not at start: most starts (the test suite's) serve none.
  let renderer: Promise<PageRenderer['prerenderPage']> | undefined;
  const loadRenderer = async () => {
    // The pages' entry sets zod's global jitless flag for the browser's CSP (web/src/lib/zod-csp.ts);
    // the server's own schemas keep zod's default.
    const zod = ((globalThis as ZodGlobal).__zod_globalConfig ??= {});
    const jitless = zod.jitless;
    // Its build time in the URL: a server started after a rebuild in the same process gets the new one.
    const { prerenderPage } = (await import(`${pathToFileURL(file).href}?${statSync(file).mtimeMs}`)) as PageRenderer;
    if (jitless === undefined) delete zod.jitless;
    else zod.jitless = jitless;
    return prerenderPage;
  };
  const cache = new Map<string, { key: string; html: string }>();
  // One render at a time: a render reads its settings from a module-wide seed (web/src/prerender.tsx).
  let queue: Promise<unknown> = Promise.resolve();
  const render = (route: string, settings: PublicSettings) => {
    const loaded = (renderer ??= loadRenderer());
    const next = queue.then(async () => (await loaded)(route, settings));
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    pageHtml: async (route, builtHtml) => {
      try {
        const settings = await options.readSettings();
        const key = JSON.stringify(settings);
        const cached = cache.get(route);
        if (cached?.key === key) return cached.html;
        const html = withRenderedRoot(builtHtml, route, await render(route, settings), settings);
        if (html !== null) cache.set(route, { key, html });
        return html;
      } catch (error) {
        options.logger.warn({ err: error, route }, 'serving the page as built: rendering it with the settings failed');
        return null;
      }
    },
  };
};
