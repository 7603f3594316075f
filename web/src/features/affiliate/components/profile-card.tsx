import type { Affiliate } from '@acres/contracts/affiliate';
import { formatPhoneForTyping } from '@acres/contracts/phone';
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDay, formatRate } from '../lib/format';
import { tierProgress } from '../lib/tier-progress';

const EXPERIENCE: Record<string, string> = { none: 'None', beginner: 'Beginner', intermediate: 'Intermediate', expert: 'Expert' };

function maskAccount(number: string | null | undefined): string | null {
  if (!number) return null;
  return `•••• ${number.slice(-4)}`;
}

function Row({ label, children, testId, title }: { label: string; children: ReactNode; testId?: string; title?: string }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-sm text-slate-500">{label}</dt>
      <dd
        className={cn('min-w-0 text-right text-sm font-medium text-slate-900', title ? 'truncate' : 'break-words')}
        title={title}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** SPEC 2: profile information; SPEC 4: an active status shows the default badge. */
export function ProfileCard({
  affiliate,
  verifiedSales,
  className,
}: {
  affiliate: Affiliate;
  verifiedSales: number;
  className?: string;
}) {
  const progress = tierProgress(verifiedSales);
  const account = [affiliate.bankName, maskAccount(affiliate.accountNumber)].filter(Boolean).join(' · ');
  return (
    <Card className={className} data-testid="profile-card">
      <CardHeader className="flex-row items-center justify-between gap-3 pb-2">
        <CardTitle className="flex items-center gap-2 text-lg text-brand-950">
          <UserRound className="size-5 text-brand-700" aria-hidden="true" />
          Your profile
        </CardTitle>
        <Badge
          variant={affiliate.status === 'active' ? 'default' : 'secondary'}
          data-testid="affiliate-status"
          className="capitalize"
        >
          {affiliate.status}
        </Badge>
      </CardHeader>
      <CardContent className="pt-0">
        <dl className="divide-y divide-slate-100">
          <Row label="Name" testId="profile-name">
            {affiliate.fullName}
          </Row>
          {affiliate.companyName ? <Row label="Company">{affiliate.companyName}</Row> : null}
          <Row label="Email" title={affiliate.email}>
            {affiliate.email}
          </Row>
          <Row label="Phone">{formatPhoneForTyping(affiliate.phone)}</Row>
          {account ? <Row label="Paid into">{account}</Row> : null}
          {affiliate.accountName ? <Row label="Account name">{affiliate.accountName}</Row> : null}
          {affiliate.marketingExperience ? <Row label="Experience">{EXPERIENCE[affiliate.marketingExperience]}</Row> : null}
          <Row label="Referral code" testId="profile-code">
            <span className="font-mono">{affiliate.referralCode}</span>
          </Row>
          <Row label="Member since">{formatDay(affiliate.joinedAt)}</Row>
        </dl>
        <div className="mt-4 rounded-xl bg-gold-50 p-4" data-testid="tier-progress">
          <p className="text-sm text-slate-700">
            Your next verified sale earns{' '}
            <strong className="text-brand-900" data-testid="next-sale-rate">
              {formatRate(progress.nextSaleRateBps)}
            </strong>
            .
          </p>
          {progress.upcoming ? (
            <>
              <p className="mt-1 text-xs text-slate-600">
                {progress.upcoming.salesToGo} more verified {progress.upcoming.salesToGo === 1 ? 'sale' : 'sales'} to reach{' '}
                {formatRate(progress.upcoming.rateBps)}.
              </p>
              <div
                className="mt-2 h-2 rounded-full bg-gold-100"
                role="progressbar"
                aria-label={`Progress to ${formatRate(progress.upcoming.rateBps)}`}
                aria-valuemin={0}
                aria-valuemax={progress.upcoming.fromVerifiedSale}
                aria-valuenow={progress.upcoming.fromVerifiedSale - progress.upcoming.salesToGo}
              >
                <div
                  className="h-full rounded-full bg-gold-500"
                  style={{
                    width: `${((progress.upcoming.fromVerifiedSale - progress.upcoming.salesToGo) / progress.upcoming.fromVerifiedSale) * 100}%`,
                  }}
                />
              </div>
            </>
          ) : (
            <p className="mt-1 text-xs text-slate-600">You are at the top tier.</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
