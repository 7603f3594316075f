// The build's second entry, run in Node after `vite build` (web/vite-prerender.ts): it renders the
// public pages to HTML so they paint before any JavaScript has run on a slow phone (issue 29).
// main.tsx hydrates that HTML. First, as in main.tsx: it configures zod before any module uses it.
import './lib/zod-csp';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import type { PublicSettings } from '@acres/contracts/settings-reads';
import { seedSettings } from './lib/seeded-settings';

/**
 * The pages a visitor reaches before signing in. Nothing here may read data at render time:
 * what they fetch (the owner's Settings) renders from `settings` when the server gives them
 * (it renders these pages again with its settings, services/standalone/src/live-pages.ts),
 * else in its loading state, so the HTML never states a fact the server has not given.
 */
export const PRERENDERED_PATHS = ['/', '/affiliate', '/privacy', '/signin', '/application-status'];

/**
 * The HTML of #root for `path`, as the client's first render (main.tsx, App with the page at
 * once) produces it. Waits for the lazy pages: renderToString would write their loading state.
 * Any error fails the build rather than shipping a page the client must re-render.
 */
const renderToHtml = async (path: string, errors: unknown[]) => {
  const { prelude } = await prerender(
    <StrictMode>
      <Providers>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    // Fizz writes a finished boundary larger than this out of order (a hidden segment an inline
    // script moves into place): with the CSP's no inline script, the page would keep it hidden.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
};

// A boundary written out of order (after the page, as a hidden segment that an inline script
// moves into place) would stay hidden under the CSP, which runs no inline script: the page kept
// a hidden copy of the project's facts beside the one the client renders. With the chunk size
// above, prerender (which waits for every lazy chunk) writes each in place; one left is an error.
const PENDING_SEGMENT = /<div hidden id="S:|<template id="B:/;

export const prerenderPage = async (path: string, settings?: PublicSettings): Promise<string> => {
  const errors: unknown[] = [];
  // One render at a time reads it (the build's loop, the server's queue): set for this one alone.
  seedSettings(settings);
  try {
    const html = await renderToHtml(path, errors);
    if (errors.length > 0) throw new Error(`prerendering ${path} failed`, { cause: errors[0] });
    if (PENDING_SEGMENT.test(html)) throw new Error(`prerendering ${path} left a boundary out of order`);
    return html;
  } finally {
    seedSettings(undefined);
  }
};
