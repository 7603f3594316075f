import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { captureReferralCode } from '@/lib/referral';
import { PageFallback } from './page-fallback';
import { RouteErrorBoundary } from './route-error';

export function RootLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();

  // main.tsx records ?ref= of the first page; this covers every later in-app navigation
  // (the first click wins, so recording the first page twice changes nothing).
  useEffect(() => {
    captureReferralCode(location.search);
  }, [location.search]);

  // A new page starts at its top; back and forward leave the scroll to the browser.
  useEffect(() => {
    if (navigationType !== 'POP' && !location.hash) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
