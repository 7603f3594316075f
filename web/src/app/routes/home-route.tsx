import { lazy, Suspense, useState } from 'react';
import { LandingPage } from '@/features/landing/components/landing-page';
import { preloadToaster } from '../lazy-toaster';

// The dialogs bring the forms (react-hook-form, zod, libphonenumber, Radix select and dialog):
// most of the page's weight, and nobody needs them before a click. Issue 11 keeps the landing's
// initial JavaScript under 150 KB gzipped, so each dialog is fetched on its first opening.
// They get the SWR defaults the same way as lazy pages (with-swr-config.tsx), and fetch the
// toaster for the toast their submit shows.
const LeadDialog = lazy(async () => {
  void preloadToaster();
  const [{ LeadDialog: Dialog }, { withSwrConfig }] = await Promise.all([
    import('@/features/leads/components/lead-dialog'),
    import('../with-swr-config'),
  ]);
  return { default: withSwrConfig(Dialog) };
});
const ApplicationDialog = lazy(async () => {
  void preloadToaster();
  const [{ ApplicationDialog: Dialog }, { withSwrConfig }] = await Promise.all([
    import('@/features/application/components/application-dialog'),
    import('../with-swr-config'),
  ]);
  return { default: withSwrConfig(Dialog) };
});

/** Composes the landing page with the dialogs it opens; features stay independent. */
export function HomeRoute() {
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
