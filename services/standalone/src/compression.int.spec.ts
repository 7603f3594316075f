// Issue 11: the SPA's text assets are compressed at build time and sent as they are, with the
// encoding the client asked for; hashed bundles are cached for a year, pages revalidate.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { useHarness } from '@acres/platform/test/use-harness';
import { ASSET_CACHE_CONTROL, WEB_DIST } from './spa.ts';
import { startStandaloneForTest } from '../test/test-server.ts';

const server = useHarness(() => startStandaloneForTest({ adminUrl: inject('pgAdminUrl') }));

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** node:http rather than fetch: fetch decodes bodies itself and hides what was sent. */
const getRaw = (url: string, acceptEncoding?: string) =>
  new Promise<RawResponse>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(`${server.url}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });

const decode = (response: RawResponse) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body);
  if (encoding === 'gzip') return gunzipSync(response.body);
  return response.body;
};

const indexHtml = () => readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
/** A public page's HTML as the build rendered it (web/vite-prerender.ts), or undefined. */
const prerenderedHtml = (url: string) => {
  const file = path.join(WEB_DIST, 'prerendered', url.replace(/\/$/, ''), 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
const entryScript = () => /src="(\/assets\/[^"]+\.js)"/.exec(indexHtml())![1]!;
const stylesheet = () => /href="(\/assets\/[^"]+\.css)"/.exec(indexHtml())![1]!;
const lazyChunk = () =>
  `/assets/${readdirSync(path.join(WEB_DIST, 'assets')).find((name) => /^sign-in-page-.+\.js$/.test(name))}`;

const expectVaries = (response: RawResponse) => expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');

describe('precompressed assets', () => {
  it('are built next to every bundle and stylesheet', () => {
    for (const asset of [entryScript(), stylesheet(), lazyChunk()]) {
      const file = path.join(WEB_DIST, asset);
      // A web/dist from before the precompress plugin: `npm run build` writes them.
      expect(existsSync(`${file}.br`), `${asset}.br (run npm run build)`).toBe(true);
      expect(existsSync(`${file}.gz`), `${asset}.gz`).toBe(true);
    }
  });

  it.each([
    ['br', 'gzip, deflate, br', 'br'],
    ['br over gzip whatever the order', 'br;q=1, gzip;q=1', 'br'],
    ['gzip', 'gzip, deflate', 'gzip'],
    ['gzip when br is refused', 'br;q=0, gzip', 'gzip'],
  ])('sends %s, with Vary and a year of immutable caching', async (_label, accept, expected) => {
    for (const asset of [entryScript(), stylesheet(), lazyChunk()]) {
      const response = await getRaw(asset, accept);
      expect(response.status, asset).toBe(200);
      expect(response.headers['content-encoding'], asset).toBe(expected);
      expectVaries(response);
      expect(response.headers['cache-control'], asset).toBe(ASSET_CACHE_CONTROL);
      expect(String(response.headers['content-type']), asset).toMatch(asset.endsWith('.css') ? /text\/css/ : /javascript/);
      expect(decode(response).equals(readFileSync(path.join(WEB_DIST, asset))), asset).toBe(true);
      expect(response.body.length, asset).toBeLessThan(readFileSync(path.join(WEB_DIST, asset)).length / 2);
    }
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const response = await getRaw(entryScript(), 'identity');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expectVaries(response);
    expect(response.body.equals(readFileSync(path.join(WEB_DIST, entryScript())))).toBe(true);
  });

  it('does not serve the compressed copies of index.html as files', async () => {
    for (const url of ['/index.html', '/index.html.br', '/index.html.gz']) {
      const response = await getRaw(url, 'gzip');
      expect(response.status, url).toBe(404);
      expect(String(response.headers['content-type']), url).toContain('text/html');
    }
  });
});

describe('pages', () => {
  it.each([
    ['/', 200],
    ['/signin', 200],
    ['/affiliate', 200],
    ['/application-status', 200],
    ['/admin/', 200],
    ['/no-such-page', 404],
  ])('%s: compressed HTML that revalidates on every load', async (url, status) => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const response = await getRaw(url, accept);
      expect(response.status, url).toBe(status);
      expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expectVaries(response);
      // A public page's prerendered HTML, its #root rendered again with the settings in force
      // (live-pages.ts); else the same page, plus the modulepreload links of lazy pages (below).
      const prerendered = prerenderedHtml(url);
      const head = (html: string) => html.slice(0, html.indexOf('<div id="root"'));
      if (prerendered !== undefined) {
        const html = decode(response).toString('utf8');
        expect(head(html), url).toBe(head(prerendered));
        expect(html, url).toContain(`<div id="root" data-prerendered="${url}" data-settings="`);
      } else
        expect(
          decode(response)
            .toString('utf8')
            .replace(/ *<link rel="modulepreload"[^>]*>\n/g, ''),
          url,
        ).toBe(indexHtml().replace(/ *<link rel="modulepreload"[^>]*>\n/g, ''));
    }
  });
});

describe('route preloads', () => {
  const preloads = () => JSON.parse(readFileSync(path.join(WEB_DIST, 'route-preloads.json'), 'utf8')) as Record<string, string[]>;

  it('are built for the lazy pages, naming their chunk', () => {
    expect(preloads()['/signin']!.some((file) => /\/sign-in-page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(preloads()['/affiliate']!.some((file) => /\/affiliate-page-[\w-]+\.js$/.test(file))).toBe(true);
  });

  it.each(['/signin', '/affiliate', '/admin'])('are named in the HTML of %s, and the files exist', async (url) => {
    const html = decode(await getRaw(url, 'br')).toString('utf8');
    for (const file of preloads()[url]!) {
      expect(html, file).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`);
      expect((await getRaw(file, 'br')).status, file).toBe(200);
    }
  });

  it('are not added to the landing (in the entry) nor to unknown pages', async () => {
    expect(decode(await getRaw('/', 'br')).toString('utf8')).not.toContain('rel="modulepreload" crossorigin fetchpriority="low"');
    expect(decode(await getRaw('/no-such-page', 'br')).toString('utf8')).toBe(indexHtml());
  });
});

describe('prerendered pages (issue 29)', () => {
  it.each(['/', '/privacy', '/signin', '/affiliate', '/application-status'])(
    '%s is sent with its content in #root, and its file is not served as a file',
    async (url) => {
      const html = decode(await getRaw(url, 'gzip')).toString('utf8');
      expect(html).toMatch(new RegExp(`<div id="root" data-prerendered="${url}" data-settings="[^"]+"><`));
      expect(html).toMatch(/<h1[^>]*>[^<]/);
      // The site's CSP allows no inline script: the page's only script is the entry.
      expect(html.match(/<script/g)).toHaveLength(1);
      const file = `/prerendered${url === '/' ? '' : url}/index.html`;
      expect((await getRaw(file)).status, file).toBe(404);
    },
  );

  it.each(['/signin', '/application-status'])(
    '%s paints its form disabled: submitted before the JavaScript runs, the browser would GET the email in the address',
    async (url) => {
      const html = decode(await getRaw(url, 'gzip')).toString('utf8');
      const forms = [...html.matchAll(/<form\b[^>]*>\s*<fieldset\b([^>]*)>/g)];
      expect(forms.length, `${url} has a form`).toBeGreaterThan(0);
      for (const [, attributes] of forms) expect(attributes).toMatch(/\bdisabled=""/);
    },
  );

  it('are not sent for pages the build did not render', async () => {
    expect(decode(await getRaw('/admin', 'br')).toString('utf8')).toContain('<div id="root"></div>');
  });

  it('are not served as a file', async () => {
    expect((await getRaw('/route-preloads.json')).status).toBe(404);
  });
});
