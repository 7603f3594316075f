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
 * Feature folders export named page components.
 */
const PAGES: { path: string; Page: ComponentType }[] = [
  {
    path: 'privacy',
    Page: page(async () => (await import('@/features/privacy/components/privacy-page')).PrivacyPage),
  },
  {
    path: 'affiliate',
    Page: page(async () => (await import('@/features/affiliate/components/affiliate-page')).AffiliatePage),
  },
  {
    path: 'affiliate/onboarding',
    Page: page(async () => (await import('@/features/affiliate/components/onboarding-page')).AffiliateOnboardingPage),
  },
  {
    path: 'affiliate/dashboard',
    Page: page(async () => (await import('@/features/affiliate/components/dashboard-page')).AffiliateDashboardPage),
  },
  {
    path: 'affiliate/resources',
    Page: page(async () => (await import('@/features/affiliate/components/resources-page')).AffiliateResourcesPage),
  },
  {
    path: 'signin',
    Page: page(async () => (await import('@/features/auth/components/sign-in-page')).SignInPage),
  },
  {
    path: 'forgot-password',
    Page: page(async () => (await import('@/features/auth/components/password-reset-pages')).ForgotPasswordPage),
  },
  {
    path: 'reset-password',
    Page: page(async () => (await import('@/features/auth/components/password-reset-pages')).ResetPasswordPage),
  },
  {
    path: 'verify-email',
    Page: page(async () => (await import('@/features/auth/components/verify-email-page')).VerifyEmailPage),
  },
  {
    path: 'dashboard',
    Page: page(async () => (await import('@/features/dashboard/components/dashboard-page')).DashboardPage),
  },
  {
    path: 'application-status',
    Page: page(
      async () => (await import('@/features/application-status/components/application-status-page')).ApplicationStatusPage,
    ),
  },
  {
    path: 'unsubscribe',
    Page: page(async () => (await import('@/features/unsubscribe/components/unsubscribe-page')).UnsubscribePage),
  },
  {
    path: 'admin',
    Page: page(async () => (await import('@/features/admin/admin-page')).AdminPage),
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
