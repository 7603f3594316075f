import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { AsOfControl } from '@/components/as-of/as-of-control';
import type { AsOf } from '@/components/as-of/as-of-query';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/problem';
import { useAuthUser } from '@/lib/auth-user';
import { scheduleLoginRedirect } from '@/lib/login-redirect';
import { useMyApplications } from '../api/applications-api';
import { usePayments, usePaymentsAsOf } from '../api/payments-api';
import { readHoldings } from '../lib/holdings';
import { DashboardHeader } from './dashboard-header';
import { EmailUnconfirmedBanner } from './email-unconfirmed-banner';
import { MyApplications } from './my-applications';
import { PaymentHistory } from './payment-history';
import { PaymentProofCard } from './payment-proof-card';
import { PortfolioSummary } from './portfolio-summary';
import { MessagePreferencesCard } from '@/components/preferences/message-preferences-card';
import { MyDataCard } from '@/components/data-export/my-data-card';
import { DueDiligenceCard } from '@/components/room/due-diligence-card';

/** SPEC 2: signed out → 'Unauthorized' toast, then the login path after 1 second. */
function useRedirectWhenSignedOut(signedOut: boolean) {
  useEffect(() => {
    if (!signedOut) return;
    toast({
      variant: 'destructive',
      title: 'Unauthorized',
      description: 'You need to log in to access the dashboard. Redirecting...',
    });
    return scheduleLoginRedirect('/dashboard');
  }, [signedOut]);
}

function CenteredMessage({ children }: { children: ReactNode }) {
  return <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 px-4 text-center">{children}</div>;
}

/** /dashboard: the investor's welcome, the payment proof form and the payment history. */
export function DashboardPage() {
  const auth = useAuthUser();
  const user = auth.data ?? null;
  const signedOut = auth.data === null;
  useRedirectWhenSignedOut(signedOut);
  const payments = usePayments(user !== null);
  const applications = useMyApplications(user !== null);
  // Every card reads the same holdings, so none contradicts the counters.
  const holdings = readHoldings(payments.data ?? [], applications.data ?? []);
  const [asOf, setAsOf] = useState<AsOf>(null);
  const pastPayments = usePaymentsAsOf(user !== null ? asOf : null);
  // The history shows the asked moment; the summary above stays what the investor holds now.
  const history = asOf
    ? {
        payments: pastPayments.data?.payments,
        error: pastPayments.error,
        isLoading: pastPayments.isLoading,
        isValidating: pastPayments.isValidating,
        onRefresh: () => void pastPayments.mutate(),
      }
    : {
        payments: payments.data,
        error: payments.error,
        isLoading: payments.isLoading,
        isValidating: payments.isValidating,
        onRefresh: () => void payments.mutate(),
      };

  let body: ReactNode;
  if (auth.error) {
    body = (
      <CenteredMessage>
        <p className="font-semibold text-slate-900">We could not check your sign-in.</p>
        <p className="text-sm text-slate-600">{describeError(auth.error)}</p>
        <Button variant="outline" onClick={() => void auth.mutate()}>
          Try again
        </Button>
      </CenteredMessage>
    );
  } else if (!user) {
    body = (
      <CenteredMessage>
        <LoaderCircle className="size-6 animate-spin text-brand-700" aria-hidden="true" />
        <p className="text-sm text-slate-600">{signedOut ? 'Redirecting to sign in…' : 'Loading your dashboard…'}</p>
      </CenteredMessage>
    );
  } else {
    body = (
      <>
        <section className="bg-brand-950 text-white">
          <div className="mx-auto max-w-6xl px-4 pt-8 pb-20 sm:px-8 sm:pt-10">
            <p className="text-sm font-semibold tracking-wider text-gold-300 uppercase">Investor dashboard</p>
            <h1 className="mt-2 text-2xl font-bold sm:text-3xl" data-testid="welcome">
              Welcome back, {user.firstName?.trim() || user.email}
            </h1>
            <p className="mt-2 max-w-2xl text-sm text-brand-100/90 sm:text-base">
              Submit proof of your escrow payment and follow its review. Each approval secures your acres in the 200-acre project.
            </p>
            {user.emailVerified ? null : <EmailUnconfirmedBanner email={user.email} />}
            <div className="mt-6">
              <PortfolioSummary holdings={holdings} />
            </div>
          </div>
        </section>
        <div className="mx-auto -mt-12 grid max-w-6xl gap-6 px-4 pb-16 sm:px-8 lg:grid-cols-12 lg:items-start">
          <div className="flex flex-col gap-6 lg:col-span-5">
            <MyApplications applications={applications.data} holdings={holdings} />
            <PaymentProofCard holdings={holdings} />
            <DueDiligenceCard />
            <MessagePreferencesCard />
            <MyDataCard />
          </div>
          <div className="lg:col-span-7">
            <PaymentHistory
              {...history}
              asOfControl={<AsOfControl value={asOf} onChange={setAsOf} subject="your payments" testId="payments-as-of" />}
            />
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="min-h-dvh bg-stone-50">
      <DashboardHeader user={user} />
      <main>{body}</main>
    </div>
  );
}
