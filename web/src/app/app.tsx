import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { PageFallback } from './page-fallback';
import { Providers } from './providers';
import { AppRoutes } from './router';

export type AppProps = {
  /**
   * The page's HTML is already there (web/src/prerender.tsx built it): render the page at once,
   * as the prerender did, for hydration to match it; main.tsx slices that render instead.
   */
  prerendered?: boolean;
};

export function App({ prerendered = false }: AppProps) {
  // Without prerendered HTML, the first page renders in a transition, which React splits into
  // short slices: rendering the whole landing in one go blocked a phone's main thread for over
  // 200 ms (Lighthouse TBT, issue 11). The loading state paints meanwhile.
  const [started, setStarted] = useState(prerendered);
  useEffect(() => {
    if (!started) startTransition(() => setStarted(true));
  }, [started]);
  return (
    <Providers>
      <BrowserRouter>{started ? <AppRoutes /> : <PageFallback />}</BrowserRouter>
    </Providers>
  );
}
