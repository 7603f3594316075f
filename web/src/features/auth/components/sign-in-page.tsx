import { Landmark, ShieldCheck, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { HomeLink } from '@/components/layout/home-link';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { readReturnTo } from '@/lib/login-redirect';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { BackLink } from './auth-card-layout';

const promises = [
  { icon: Landmark, title: 'Funds held in escrow', text: 'Every naira sits in a regulated escrow account until title transfer.' },
  {
    icon: ShieldCheck,
    title: 'Individual title',
    text: 'Each partner receives title to their allocated acreage, with clear exit rights.',
  },
  { icon: Timer, title: 'A response within 24 hours', text: 'Our team reviews each payment proof and tells you the outcome.' },
];

// One account serves investors and affiliates; the page names the area the person came from,
// so a would-be affiliate is not greeted as an investor.
const CONTEXTS = {
  investor: {
    area: 'Investor area',
    headline: 'Follow your acres from payment to title.',
    title: 'Investor sign in',
    intro: 'Submit payment proofs and follow their review in your dashboard.',
  },
  affiliate: {
    area: 'Affiliate program',
    headline: 'Earn up to 10% on every land sale you refer.',
    title: 'Affiliate sign in',
    intro: 'Sign in or create an account to register as an affiliate, share your link and report sales.',
  },
} as const;

/** The area a returnTo path belongs to. */
function signInContextOf(returnTo: string): keyof typeof CONTEXTS {
  return /^\/(api\/)?affiliate(\/|$|\?)/.test(returnTo) ? 'affiliate' : 'investor';
}

/** /signin: the built-in sign-in and sign-up (DESIGN 6), then on to the safe returnTo. */
export function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = readReturnTo(location.search);
  const initialTab = new URLSearchParams(location.search).get('mode') === 'signup' ? 'signup' : 'signin';
  const [tab, setTab] = useState<string>(initialTab);
  // After a sign-up: the sign-in tab, with the email just typed (the form remounts with it).
  const [signInEmail, setSignInEmail] = useState('');
  const context = CONTEXTS[signInContextOf(returnTo)];

  useEffect(() => {
    document.title = `${context.title} — Acres Wholesale`;
  }, [context.title]);

  const goOn = () => {
    // Server paths (/api/...) are not SPA routes: leave the SPA for them.
    if (returnTo.startsWith('/api/')) window.location.assign(returnTo);
    else navigate(returnTo, { replace: true });
  };

  return (
    <div className="min-h-dvh bg-stone-50 lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-brand-950 px-12 py-10 text-white lg:flex lg:flex-col">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-brand-800/60 blur-3xl"
        />
        <HomeLink className="relative w-fit" tone="light" />
        <div className="relative mt-auto mb-auto max-w-md pt-16">
          <p className="text-sm font-semibold tracking-wider text-gold-300 uppercase">{context.area}</p>
          <p className="mt-3 text-4xl leading-tight font-bold">{context.headline}</p>
          <ul className="mt-10 flex flex-col gap-6">
            {promises.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10 text-gold-300">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-brand-100/80">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </aside>

      <main className="flex flex-col px-4 py-6 sm:px-8 lg:justify-center lg:py-10">
        <div className="mx-auto flex w-full max-w-md flex-col">
          <div className="mb-6 flex items-center justify-between lg:hidden">
            <HomeLink />
          </div>
          <BackLink to="/">Back to the project</BackLink>
          <h1 className="text-2xl font-bold text-brand-950 sm:text-3xl" data-testid="signin-title">
            {context.title}
          </h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">{context.intro}</p>
          <Card className="shadow-md">
            <CardContent className="p-5 sm:p-7">
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="signin" data-testid="tab-signin">
                    Sign in
                  </TabsTrigger>
                  <TabsTrigger value="signup" data-testid="tab-signup">
                    Create account
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="signin" className="mt-6">
                  <SignInForm key={signInEmail} onSignedIn={goOn} initialEmail={signInEmail} />
                </TabsContent>
                <TabsContent value="signup" className="mt-6">
                  <SignUpForm
                    onSignIn={(email) => {
                      setSignInEmail(email);
                      setTab('signin');
                    }}
                  />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
          <p className="mt-6 text-center text-xs leading-relaxed text-slate-500">
            By continuing you agree to our{' '}
            <Link to="/privacy" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              privacy policy and terms
            </Link>
            . We do not sell your details; we share them only with the escrow bank, our legal advisers and the land registry where
            your transaction requires it.
          </p>
        </div>
      </main>
    </div>
  );
}
