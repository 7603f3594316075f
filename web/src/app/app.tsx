import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { PageFallback } from './page-fallback';
import { Providers } from './providers';
import { AppRoutes } from './router';

export function App() {
  // The first page renders in a transition, which React splits into short slices: rendering
  // the whole landing in one go blocked a phone's main thread for over 200 ms (Lighthouse
  // TBT, issue 11). The loading state paints meanwhile.
  const [started, setStarted] = useState(false);
  useEffect(() => startTransition(() => setStarted(true)), []);
  return (
    <Providers>
      <BrowserRouter>{started ? <AppRoutes /> : <PageFallback />}</BrowserRouter>
    </Providers>
  );
}
