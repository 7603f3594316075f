import { lazy, Suspense, useState } from 'react';
import { LandingPage } from '@/features/landing/components/landing-page';
import { LeadDialog } from '@/features/leads/components/lead-dialog';

// The five-step wizard is heavy and opened by few visitors: load it on first use.
const ApplicationDialog = lazy(async () => ({
  default: (await import('@/features/application/components/application-dialog')).ApplicationDialog,
}));

/** Composes the landing page with the dialogs it opens; features stay independent. */
export function HomeRoute() {
  const [leadOpen, setLeadOpen] = useState(false);
  const [applicationOpen, setApplicationOpen] = useState(false);
  const [applicationLoaded, setApplicationLoaded] = useState(false);

  return (
    <>
      <LandingPage
        onReserve={() => setLeadOpen(true)}
        onApply={() => {
          setApplicationLoaded(true);
          setApplicationOpen(true);
        }}
      />
      <LeadDialog open={leadOpen} onOpenChange={setLeadOpen} />
      {applicationLoaded ? (
        <Suspense fallback={null}>
          <ApplicationDialog open={applicationOpen} onOpenChange={setApplicationOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
