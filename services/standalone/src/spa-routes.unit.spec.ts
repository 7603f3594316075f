import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPA_ROUTES, WEB_DIR } from './spa.ts';

// The router's pages, as web/vite-plugins.ts reads them for the route preloads.
const routerPages = () =>
  [...readFileSync(path.join(WEB_DIR, 'src', 'app', 'router.tsx'), 'utf8').matchAll(/^\s*path: '([^']+)',$/gm)].map(
    ([, route]) => `/${route}`,
  );

describe('the SPA routes the server answers with 200', () => {
  it('name every page of the router, so no page is served with a 404 status while it renders', () => {
    const pages = routerPages();
    expect(pages.length).toBeGreaterThan(10);
    expect(pages).toContain('/application-status');
    expect(pages.filter((route) => !SPA_ROUTES.has(route))).toEqual([]);
  });

  it('name every page the build prerenders, so its HTML is sent for its path', () => {
    const source = readFileSync(path.join(WEB_DIR, 'src', 'prerender.tsx'), 'utf8');
    const prerendered = [...(/PRERENDERED_PATHS = \[([^\]]*)\]/.exec(source)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
      ([, route]) => route!,
    );
    expect(prerendered).toContain('/');
    expect(prerendered.filter((route) => !SPA_ROUTES.has(route))).toEqual([]);
  });
});
