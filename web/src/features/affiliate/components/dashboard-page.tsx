import { useEffect, useState } from 'react';
import { useAffiliateSales, useAffiliateStats } from '../api/affiliate-api';
import { useRequireAffiliate } from '../api/use-affiliate-gate';
import { formatRate } from '../lib/format';
import { referralLinkFor } from '../lib/share-links';
import { tierProgress } from '../lib/tier-progress';
import { AffiliateChartsCard } from './affiliate-charts-card';
import { AffiliateShell } from './affiliate-shell';
import { ProfileCard } from './profile-card';
import { QuickActions } from './quick-actions';
import { ReferralLinkCard } from './referral-link-card';
import { ReportSaleDialog } from './report-sale-dialog';
import { SalesCard } from './sales-table';
import { StatCards } from './stat-cards';
import { StatementCard } from './statement-card';
import { MessagePreferencesCard } from '@/components/preferences/message-preferences-card';
import { MyDataCard } from '@/components/data-export/my-data-card';

/** /affiliate/dashboard (SPEC 2). */
export function AffiliateDashboardPage() {
  const gate = useRequireAffiliate();
  const ready = gate.state === 'ready';
  const stats = useAffiliateStats(ready);
  const sales = useAffiliateSales(ready);
  const [reporting, setReporting] = useState(false);

  useEffect(() => {
    document.title = 'Affiliate Dashboard — Acres Wholesale';
  }, []);

  return (
    <AffiliateShell gate={gate} testId="affiliate-dashboard" loadingMessage="Loading your dashboard…">
      {({ affiliate }) => (
        <>
          <section className="bg-brand-950 text-white">
            <div className="mx-auto max-w-6xl px-4 pt-8 pb-20 sm:px-8 sm:pt-10">
              <p className="text-sm font-semibold tracking-wider text-gold-300 uppercase">Affiliate dashboard</p>
              <h1 className="mt-2 text-2xl font-bold sm:text-3xl" data-testid="affiliate-welcome">
                Welcome, {affiliate.fullName.split(' ')[0]}
              </h1>
              <p className="mt-2 max-w-2xl text-sm text-brand-100/90 sm:text-base">
                Share your link, report your sales and follow your commissions. Your next verified sale earns{' '}
                {formatRate(tierProgress(stats.data?.verifiedSales ?? affiliate.verifiedSales ?? 0).nextSaleRateBps)}.
              </p>
              <div className="mt-6">
                <StatCards stats={stats.data} />
              </div>
            </div>
          </section>
          <div className="mx-auto -mt-12 grid max-w-6xl grid-cols-1 gap-6 px-4 pb-16 sm:px-8 lg:grid-cols-12 lg:items-start">
            {/* Phones read one column: link, quick actions, sales, statement, profile. */}
            <div className="flex flex-col gap-6 max-lg:contents lg:col-span-8">
              <ReferralLinkCard
                className="max-lg:order-1"
                link={referralLinkFor(affiliate.referralCode)}
                code={affiliate.referralCode}
              />
              <SalesCard
                className="max-lg:order-3"
                sales={sales.data}
                error={sales.error}
                isValidating={sales.isValidating || stats.isValidating}
                onRefresh={() => {
                  void sales.mutate();
                  void stats.mutate();
                }}
                onReport={() => setReporting(true)}
              />
              <AffiliateChartsCard className="max-lg:order-4" />
              <StatementCard className="max-lg:order-4" joinedAt={affiliate.joinedAt} />
            </div>
            <div className="flex flex-col gap-6 max-lg:contents lg:col-span-4">
              <QuickActions className="max-lg:order-2" onReport={() => setReporting(true)} />
              <ProfileCard
                className="max-lg:order-5"
                affiliate={affiliate}
                verifiedSales={stats.data?.verifiedSales ?? affiliate.verifiedSales ?? 0}
              />
              <MessagePreferencesCard className="max-lg:order-5" />
              <MyDataCard className="max-lg:order-6" />
            </div>
          </div>
          <ReportSaleDialog open={reporting} onOpenChange={setReporting} />
        </>
      )}
    </AffiliateShell>
  );
}
