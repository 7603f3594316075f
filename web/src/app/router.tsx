import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { preloadToaster } from './lazy-toaster';
import { RootLayout } from './root-layout';
import { HomeRoute } from './routes/home-route';
import { withSwrConfig } from './with-swr-config';

/** A lazy page in the SWR defaults (with-swr-config.tsx): both chunks load together. */
const page = (load: () => Promise<ComponentType>) =>
  lazy(async () => {
    // With the toaster: a page may toast as soon as it has asked the server who is signed in.
    const [Component, { withSwrConfig }] = await Promise.all([load(), import('./with-swr-config'), preloadToaster()]);
    return { default: withSwrConfig(Component) };
  });

/**
 * Every page but the landing is a lazy chunk, so the landing does not pay for the admin area.
 * The landing itself is in the entry bundle: as a lazy route it waited for the entry to run
 * before some twenty small chunks were even requested, which delayed its first paint on a
 * phone (Lighthouse, issue 11); its dialogs stay lazy (home-route.tsx). The server names each
 * page's chunks in its HTML as modulepreload links (web/vite-plugins.ts reads this table, so
 * keep one `path: '…', Page: page(… import('…') …)` per entry).
 * Feature folders export named page components, taken with `.then`: `(await import(…)).Name`
 * made the bundler write a destructuring wrapper per route into the entry, which the landing
 * pays for (the routes cost 120 bytes less gzipped this way, room for /verify-email).
 */
const PAGES: { path: string; Page: ComponentType }[] = [
  {
    path: 'privacy',
    Page: page(() => import('@/features/privacy/components/privacy-page').then((module) => module.PrivacyPage)),
  },
  {
    path: 'affiliate',
    Page: page(() => import('@/features/affiliate/components/affiliate-page').then((module) => module.AffiliatePage)),
  },
  {
    path: 'affiliate/onboarding',
    Page: page(() => import('@/features/affiliate/components/onboarding-page').then((module) => module.AffiliateOnboardingPage)),
  },
  {
    path: 'affiliate/dashboard',
    Page: page(() => import('@/features/affiliate/components/dashboard-page').then((module) => module.AffiliateDashboardPage)),
  },
  {
    path: 'affiliate/resources',
    Page: page(() => import('@/features/affiliate/components/resources-page').then((module) => module.AffiliateResourcesPage)),
  },
  {
    path: 'signin',
    Page: page(() => import('@/features/auth/components/sign-in-page').then((module) => module.SignInPage)),
  },
  {
    path: 'forgot-password',
    Page: page(() => import('@/features/auth/components/password-reset-pages').then((module) => module.ForgotPasswordPage)),
  },
  {
    path: 'reset-password',
    Page: page(() => import('@/features/auth/components/password-reset-pages').then((module) => module.ResetPasswordPage)),
  },
  {
    path: 'verify-email',
    Page: page(() => import('@/features/auth/components/password-reset-pages').then((module) => module.VerifyEmailPage)),
  },
  {
    path: 'dashboard',
    Page: page(() => import('@/features/dashboard/components/dashboard-page').then((module) => module.DashboardPage)),
  },
  {
    path: 'application-status',
    Page: page(() =>
      import('@/features/application-status/components/application-status-page').then((module) => module.ApplicationStatusPage),
    ),
  },
  {
    path: 'materials',
    Page: page(() => import('@/features/materials/components/room-page').then((module) => module.MaterialsPage)),
  },
  {
    path: 'unsubscribe',
    Page: page(() => import('@/features/unsubscribe/components/unsubscribe-page').then((module) => module.UnsubscribePage)),
  },
  {
    path: 'admin',
    Page: page(() => import('@/features/admin/admin-page').then((module) => module.AdminPage)),
  },
  {
    path: 'admin/accept-invitation',
    Page: page(() => import('@/features/staff/components/accept-invitation-page').then((module) => module.AcceptInvitationPage)),
  },
];

// The landing reads the business settings (footer) through SWR: the same defaults as every page.
const Home = withSwrConfig(HomeRoute);

const NotFoundPage = lazy(async () => ({ default: (await import('./not-found-page')).NotFoundPage }));

/**
 * The declarative router rather than createBrowserRouter: no page uses loaders or actions, and
 * the data router's code was 17 KB of the landing's gzipped JavaScript (issue 11 budget: 150 KB).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Home />} />
        {PAGES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
