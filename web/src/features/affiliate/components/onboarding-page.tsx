import { COMMISSION_TIERS } from '@acres/contracts/commission';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { HomeLink } from '@/components/layout/home-link';
import { Card, CardContent } from '@/components/ui/card';
import { loginUrl } from '@/lib/login-redirect';
import { useAffiliateGate } from '../api/use-affiliate-gate';
import { formatRate, ordinal } from '../lib/format';
import { GateScreen } from './gate-screen';
import { RegistrationForm } from './registration-form';

const nextSteps = [
  'Your personal referral link is created the moment you register.',
  'Share it, or use the ready-made messages on the resources page.',
  'Report each sale; we verify it and your commission is fixed at verification.',
];

/** /affiliate/onboarding (SPEC 2): sign-in required; someone who already has a profile goes to the dashboard. */
export function AffiliateOnboardingPage() {
  const gate = useAffiliateGate();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = 'Become an Affiliate — Acres Wholesale';
  }, []);

  useEffect(() => {
    // The server login comes back here once signed in.
    if (gate.state === 'signed-out') window.location.assign(loginUrl('/affiliate/onboarding'));
    if (gate.state === 'ready') navigate('/affiliate/dashboard', { replace: true });
  }, [gate.state, navigate]);

  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-slate-200/80 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-8">
          <HomeLink className="shrink-0" compact />
          <Link
            to="/affiliate"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-800"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Affiliate program
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
        {gate.state === 'no-profile' ? (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
            <div>
              <p className="text-sm font-semibold tracking-wider text-gold-700 uppercase">Affiliate registration</p>
              <h1 className="mt-2 text-2xl font-bold text-brand-950 sm:text-3xl">Become an affiliate</h1>
              <p className="mt-2 mb-6 max-w-2xl text-slate-600">
                Signed in as <span className="font-medium text-slate-900">{gate.user.email}</span>. A few details and your
                referral link is ready.
              </p>
              <Card className="shadow-md">
                <CardContent className="p-5 sm:p-8">
                  <RegistrationForm user={gate.user} />
                </CardContent>
              </Card>
            </div>
            <aside className="flex flex-col gap-4 lg:sticky lg:top-8" aria-label="About the program">
              <div className="rounded-2xl bg-brand-950 p-6 text-white">
                <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">Your commission</p>
                <ul className="mt-4 flex flex-col gap-3">
                  {COMMISSION_TIERS.map((tier) => (
                    <li key={tier.rateBps} className="flex items-baseline justify-between gap-3">
                      <span className="text-sm text-brand-100">
                        {tier.fromVerifiedSale === 1 ? 'Standard' : `From your ${ordinal(tier.fromVerifiedSale)} verified sale`}
                      </span>
                      <span className="text-xl font-bold text-gold-400">{formatRate(tier.rateBps)}</span>
                    </li>
                  ))}
                </ul>
              </div>
              <div className="rounded-2xl border border-slate-200 bg-white p-6">
                <p className="text-sm font-semibold text-brand-950">What happens next</p>
                <ul className="mt-3 flex flex-col gap-3">
                  {nextSteps.map((step) => (
                    <li key={step} className="flex gap-2.5 text-sm text-slate-600">
                      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                      {step}
                    </li>
                  ))}
                </ul>
              </div>
            </aside>
          </div>
        ) : (
          <GateScreen gate={gate} message={gate.state === 'signed-out' ? 'Redirecting to sign in…' : 'Loading…'} />
        )}
      </main>
    </div>
  );
}
