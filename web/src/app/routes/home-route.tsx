import { lazy, Suspense, useEffect, useState } from 'react';
import { LandingPage } from '@/features/landing/components/landing-page';
import { whenIdle } from '@/lib/when-idle';
import { prefetchToaster, preloadToaster } from '../lazy-toaster';

// The dialogs bring the forms (react-hook-form, zod, libphonenumber, Radix select and dialog):
// most of the page's weight, and nobody needs them before the page is usable. Issue 29 keeps
// the landing's initial JavaScript under 130 KB gzipped: they are fetched once the page has
// loaded and is idle, or at the visitor's first touch, key or pointer on the page, whichever
// comes first, so a tap on Reserve opens its dialog at once (it took 4 s on a slow phone).
// They get the SWR defaults the same way as lazy pages (with-swr-config.tsx), and fetch the
// toaster for the toast their submit shows.
const loadLeadDialog = () => import('@/features/leads/components/lead-dialog');
const loadApplicationDialog = () => import('@/features/application/components/application-dialog');

let preloaded = false;
const preloadDialogs = () => {
  if (preloaded) return;
  preloaded = true;
  // A failed preload costs nothing: opening the dialog asks again, and shows the route's error.
  void loadLeadDialog().catch(() => undefined);
  void loadApplicationDialog().catch(() => undefined);
  // And the toaster, for the toast a dialog's submit shows.
  prefetchToaster();
};

const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

const LeadDialog = lazy(async () => {
  void preloadToaster();
  const [{ LeadDialog: Dialog }, { withSwrConfig }] = await Promise.all([loadLeadDialog(), import('../with-swr-config')]);
  return { default: withSwrConfig(Dialog) };
});
const ApplicationDialog = lazy(async () => {
  void preloadToaster();
  const [{ ApplicationDialog: Dialog }, { withSwrConfig }] = await Promise.all([
    loadApplicationDialog(),
    import('../with-swr-config'),
  ]);
  return { default: withSwrConfig(Dialog) };
});

/** Fetches the dialogs' code on the first sign of intent or once the page is idle. */
function usePreloadedDialogs() {
  useEffect(() => {
    const onIntent = () => preloadDialogs();
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, once: true, passive: true });
    void whenIdle().then(preloadDialogs);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, []);
}

/** Composes the landing page with the dialogs it opens; features stay independent. */
export function HomeRoute() {
  usePreloadedDialogs();
  const [leadOpen, setLeadOpen] = useState(false);
  const [leadLoaded, setLeadLoaded] = useState(false);
  const [applicationOpen, setApplicationOpen] = useState(false);
  const [applicationLoaded, setApplicationLoaded] = useState(false);

  return (
    <>
      <LandingPage
        onReserve={() => {
          setLeadLoaded(true);
          setLeadOpen(true);
        }}
        onApply={() => {
          setApplicationLoaded(true);
          setApplicationOpen(true);
        }}
      />
      {leadLoaded ? (
        <Suspense fallback={null}>
          <LeadDialog open={leadOpen} onOpenChange={setLeadOpen} />
        </Suspense>
      ) : null}
      {applicationLoaded ? (
        <Suspense fallback={null}>
          <ApplicationDialog open={applicationOpen} onOpenChange={setApplicationOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
