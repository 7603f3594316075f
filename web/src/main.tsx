// First: it configures zod before any module parses with it.
import './lib/zod-csp';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { matchesPrerender } from './app/prerendered';
import { captureReferralCode } from './lib/referral';
import { readSettingsOf, seedSettings } from './lib/seeded-settings';
import './index.css';

captureReferralCode();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (container.firstElementChild === null) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} else {
  seedSettings(readSettingsOf(container));
  // A public page built as HTML (prerender.tsx). Both renders run in a transition, which React
  // slices, so taking the page over never blocks a phone's main thread for long (Lighthouse TBT).
  const app = (
    <StrictMode>
      <App prerendered />
    </StrictMode>
  );
  if (matchesPrerender(container)) startTransition(() => void hydrateRoot(container, app));
  else {
    // This visit's address asks for something the built HTML does not show (sign-in's returnTo):
    // the HTML stays on screen until the client's own render replaces it.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}
