import { bpsToPercent, COMMISSION_TIERS } from '@acres/contracts/constants';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { BrandMark } from '../../../components/layout/brand-mark';
import { SiteFooter } from '../../../components/layout/site-footer';
import { buttonVariants } from '../../../components/ui/button';

// Interim affiliate landing: keeps the footer link working until the affiliate
// feature (landing, onboarding, dashboard) is built here.
export function AffiliatePage() {
  useEffect(() => {
    document.title = 'Affiliate Program — Acres Wholesale';
  }, []);
  const returnTo = encodeURIComponent('/affiliate/onboarding');
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-5 sm:px-8">
          <Link to="/" aria-label="Acres Wholesale home">
            <BrandMark />
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-5 py-12 sm:px-8" data-testid="affiliate">
        <h1 className="text-3xl font-bold text-brand-950">Affiliate Program</h1>
        <p className="mt-3 text-slate-700">Refer buyers and earn a commission on every verified sale.</p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-3">
          {COMMISSION_TIERS.map((tier) => (
            <li key={tier.rateBps} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="text-2xl font-bold text-brand-800">{bpsToPercent(tier.rateBps)}%</p>
              <p className="text-sm text-slate-600">{tier.label}</p>
            </li>
          ))}
        </ul>
        <a href={`/api/login?returnTo=${returnTo}`} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
          Become an affiliate
        </a>
      </main>
      <SiteFooter />
    </div>
  );
}
