import { type AdminAffiliate, formatNaira, MARKETING_EXPERIENCE } from '@acres/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DetailListSection, emailItem } from '@/features/admin/shell/components/detail-list';
import { formatDate, formatDateTime } from '@/features/admin/shell/lib/format-date';
import { formatNigerianPhone, phoneHref } from '@/features/admin/shell/lib/format-phone';
import { formatPercent } from '../lib/sale-review-model';
import { AffiliateAccountActions } from './affiliate-account-actions';
import { AffiliateStatementView } from './affiliate-statement-view';
import { AffiliateStatusBadge } from './affiliates-profiles-table';
import { ConsentHistorySection } from '@/features/admin/consent/components/consent-history-section';
import { ErasePersonalData } from '@/features/admin/erasure/components/erase-personal-data';
import { VerifyAccountEmail } from '@/features/admin/accounts/components/verify-account-email';
import { DownloadSubjectDataButton } from '@/features/admin/shell/components/download-subject-data-button';

const EXPERIENCE_LABELS: Record<(typeof MARKETING_EXPERIENCE)[number], string> = {
  none: 'None',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  expert: 'Expert',
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 p-3" data-testid={testId}>
      <p className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="mt-0.5 text-base font-bold text-slate-900 tabular-nums sm:text-lg">{value}</p>
    </div>
  );
}

function AffiliateDetail({ affiliate: a }: { affiliate: AdminAffiliate }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Verified" value={String(a.verifiedSales)} testId="affiliate-detail-verified" />
        <Figure label="Pending" value={String(a.pendingSales)} testId="affiliate-detail-pending" />
        <Figure label="Rejected" value={String(a.rejectedSales)} testId="affiliate-detail-rejected" />
        <Figure label="Commissions" value={formatNaira(a.totalCommissions)} testId="affiliate-detail-commissions" />
      </div>
      <DetailListSection
        title="Contact"
        items={[
          emailItem(a.email),
          {
            label: 'Phone',
            value: (
              <a href={phoneHref(a.phone)} className="font-medium whitespace-nowrap text-brand-700 hover:underline">
                {formatNigerianPhone(a.phone)}
              </a>
            ),
          },
          { label: 'Company', value: a.companyName },
          { label: 'Joined', value: formatDateTime(a.joinedAt) },
        ]}
      />
      <DetailListSection
        title="Bank details"
        items={[
          { label: 'Bank', value: a.bankName, testId: 'affiliate-bank' },
          {
            label: 'Account number',
            value: a.accountNumber ? <span className="font-mono tracking-wide">{a.accountNumber}</span> : null,
            testId: 'affiliate-account-number',
          },
          { label: 'Account name', value: a.accountName, wide: true, testId: 'affiliate-account-name' },
        ]}
      />
      <DetailListSection
        title="Programme"
        items={[
          { label: 'Referral code', value: <span className="font-mono font-semibold tracking-wide">{a.referralCode}</span> },
          { label: 'Commission rate', value: formatPercent(a.commissionRate) },
          { label: 'Marketing experience', value: a.marketingExperience ? EXPERIENCE_LABELS[a.marketingExperience] : null },
          { label: 'Last change', value: formatDate(a.updatedAt) },
          {
            label: 'Marketing channels',
            value: <span className="whitespace-pre-wrap">{a.marketingChannels}</span>,
            wide: true,
          },
        ]}
      />
    </div>
  );
}

/** One affiliate's profile, figures and bank details (for paying commissions). */
export function AffiliatesDetailDialog({ affiliate, onClose }: { affiliate: AdminAffiliate | null; onClose: () => void }) {
  return (
    <Dialog open={affiliate !== null} onOpenChange={(open) => !open && onClose()}>
      {affiliate ? (
        <DialogContent className="max-w-2xl" closeLabel="Close affiliate details" data-testid="affiliate-detail">
          <DialogHeader>
            <DialogTitle>{affiliate.fullName}</DialogTitle>
            <DialogDescription className="flex flex-wrap items-center gap-2">
              <AffiliateStatusBadge status={affiliate.status} />
              <span className="font-mono font-semibold tracking-wide text-brand-800">{affiliate.referralCode}</span>
              <span>
                · {formatPercent(affiliate.commissionRate)} · {affiliate.totalSales} sale{affiliate.totalSales === 1 ? '' : 's'}
              </span>
            </DialogDescription>
          </DialogHeader>
          <AffiliateDetail affiliate={affiliate} />
          <ConsentHistorySection kind="affiliate" id={affiliate.userId} />
          <AffiliateStatementView affiliate={affiliate} />
          <AffiliateAccountActions affiliate={affiliate} />
          <VerifyAccountEmail userId={affiliate.userId} />
          <DownloadSubjectDataButton subject={{ kind: 'affiliate', id: affiliate.id }} />
          <ErasePersonalData kind="affiliate" id={affiliate.id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
