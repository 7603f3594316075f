import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { captureReferralCode } from '@/lib/referral';
import { PageFallback } from './page-fallback';
import { HomeRoute } from './routes/home-route';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * A page that reads data: its chunk and the SWR defaults load together (with-swr-config.tsx).
 */
const withData = (load: () => Promise<ComponentType>) => async () => {
  const [Component, { withSwrConfig }] = await Promise.all([load(), import('./with-swr-config')]);
  return { Component: withSwrConfig(Component) };
};

/**
 * Every page but the landing is a lazy chunk, so the landing does not pay for the admin area.
 * The landing itself is in the entry bundle: as a lazy route it waited for the entry to run
 * before some twenty small chunks were even requested, which delayed its first paint on a
 * phone (Lighthouse, issue 11); its dialogs stay lazy (home-route.tsx).
 * Feature folders export named page components.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageFallback,
    children: [
      {
        index: true,
        Component: HomeRoute,
      },
      {
        path: 'privacy',
        lazy: withData(async () => (await import('@/features/privacy/components/privacy-page')).PrivacyPage),
      },
      {
        path: 'affiliate',
        lazy: withData(async () => (await import('@/features/affiliate/components/affiliate-page')).AffiliatePage),
      },
      {
        path: 'affiliate/onboarding',
        lazy: withData(async () => (await import('@/features/affiliate/components/onboarding-page')).AffiliateOnboardingPage),
      },
      {
        path: 'affiliate/dashboard',
        lazy: withData(async () => (await import('@/features/affiliate/components/dashboard-page')).AffiliateDashboardPage),
      },
      {
        path: 'affiliate/resources',
        lazy: withData(async () => (await import('@/features/affiliate/components/resources-page')).AffiliateResourcesPage),
      },
      {
        path: 'signin',
        lazy: withData(async () => (await import('@/features/auth/components/sign-in-page')).SignInPage),
      },
      {
        path: 'dashboard',
        lazy: withData(async () => (await import('@/features/dashboard/components/dashboard-page')).DashboardPage),
      },
      {
        path: 'admin',
        lazy: withData(async () => (await import('@/features/admin/admin-page')).AdminPage),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// main.tsx records ?ref= of the first page; this covers every later in-app navigation.
router.subscribe((state) => {
  captureReferralCode(state.location.search);
});
