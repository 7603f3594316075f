import { COMMITMENT_LABELS, formatNaira, type AdminLead } from '@acres/contracts';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DetailListSection, DetailSection, emailItem } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { formatE164Phone } from '@/features/admin/shell/lib/format-phone';
import { cn } from '@/lib/cn';
import { useOffer } from '@/lib/use-offer';
import { DownloadSubjectDataButton } from '@/features/admin/shell/components/download-subject-data-button';
import { buildLeadContactLinks, computeLeadValue } from '../lib/lead-contact';
import { ConsentHistorySection } from '@/features/admin/consent/components/consent-history-section';
import { ErasePersonalData } from '@/features/admin/erasure/components/erase-personal-data';
import { LeadPipelineSection } from './lead-pipeline-section';
import { LeadMaterials } from '@/features/admin/documents/components/lead-materials';

function ValueTile({ label, amount, hint, testId }: { label: string; amount: number; hint: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-brand-50 p-3 sm:p-4" data-testid={testId}>
      <p className="text-[11px] font-medium text-brand-700 uppercase sm:text-xs sm:tracking-wide">{label}</p>
      <p className="mt-1 text-lg font-bold text-brand-950 tabular-nums sm:text-xl" data-testid={`${testId}-value`}>
        {formatNaira(amount)}
      </p>
      <p className="mt-0.5 text-xs text-slate-600">{hint}</p>
    </div>
  );
}

const ACTION_CLASS = 'h-auto flex-col gap-1 px-1 py-2 sm:h-11 sm:flex-row sm:gap-2 sm:px-4 sm:py-0';

const PLAIN_ACTIONS = [
  { key: 'email', label: 'Email', Icon: Mail },
  { key: 'call', label: 'Call', Icon: Phone },
] as const;

function QuickActions({ links }: { links: ReturnType<typeof buildLeadContactLinks> }) {
  return (
    <nav aria-label="Quick actions" className="grid grid-cols-3 gap-2">
      {/* On phones the icon sits above the label so three actions fit one row. */}
      {PLAIN_ACTIONS.map(({ key, label, Icon }) => (
        <Button key={key} asChild variant="outline" className={ACTION_CLASS} data-testid={`lead-action-${key}`}>
          <a href={links[key]}>
            <Icon aria-hidden="true" />
            {label}
          </a>
        </Button>
      ))}
      <Button asChild className={cn(ACTION_CLASS, 'bg-[#187a41] hover:bg-[#136636]')} data-testid="lead-action-whatsapp">
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer">
          <MessageCircle aria-hidden="true" />
          WhatsApp
        </a>
      </Button>
    </nav>
  );
}

function LeadDetail({ lead }: { lead: AdminLead }) {
  const offer = useOffer();
  const { investment, savings } = computeLeadValue(lead.intendedAcres, offer.terms);
  const links = buildLeadContactLinks(lead);
  const acres = `${lead.intendedAcres.toLocaleString('en-NG')} acre${lead.intendedAcres === 1 ? '' : 's'}`;
  return (
    <div className="flex flex-col gap-5">
      <QuickActions links={links} />
      {/* One column on phones: ₦700,000,000 does not fit half of a 360 px dialog. */}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3">
        <ValueTile
          label="Investment amount"
          amount={investment}
          hint={`${acres} × ${offer.wholesale}`}
          testId="lead-investment"
        />
        <ValueTile label="Potential savings" amount={savings} hint={`vs ${offer.retail}/acre retail`} testId="lead-savings" />
      </div>
      <DetailListSection
        title="Contact"
        items={[
          emailItem(lead.email, links.email),
          {
            label: 'Phone',
            value: (
              <a href={links.call} className="font-medium whitespace-nowrap text-brand-700 hover:underline">
                {formatE164Phone(lead.phoneE164)}
              </a>
            ),
          },
          { label: 'Company', value: lead.company, wide: 'phone' },
          { label: 'Role', value: lead.role },
        ]}
      />
      <DetailListSection
        title="Reservation"
        items={[
          { label: 'Intended acreage', value: acres, testId: 'lead-acres' },
          { label: 'Commitment', value: COMMITMENT_LABELS[lead.commitment] },
          { label: 'Price band', value: `₦${lead.priceBand} per acre` },
          { label: 'Referral code', value: lead.referralCode },
          { label: 'Consent to contact', value: lead.consent ? 'Given' : 'Not given' },
          { label: 'Received', value: formatDateTime(lead.createdAt) },
        ]}
      />
      <DetailSection title="Notes">
        <p className="text-sm whitespace-pre-wrap text-slate-800" data-testid="lead-notes">
          {lead.notes || <span className="text-slate-500">No notes were left.</span>}
        </p>
      </DetailSection>
    </div>
  );
}

/** SPEC 2: contact, role, acreage, investment amount, potential savings, notes, quick actions; the pipeline (issue 27). */
export function LeadDetailDialog({ lead, onClose }: { lead: AdminLead | null; onClose: () => void }) {
  return (
    <Dialog open={lead !== null} onOpenChange={(open) => !open && onClose()}>
      {lead ? (
        <DialogContent className="max-w-2xl" data-testid="lead-detail">
          <DialogHeader>
            <DialogTitle>{lead.fullName}</DialogTitle>
            <DialogDescription className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{lead.role}</Badge>
              <span>
                {lead.intendedAcres.toLocaleString('en-NG')} acres · {COMMITMENT_LABELS[lead.commitment]}
              </span>
            </DialogDescription>
          </DialogHeader>
          <LeadDetail lead={lead} />
          <LeadPipelineSection lead={lead} />
          <LeadMaterials leadId={lead.id} />
          <ConsentHistorySection kind="lead" id={lead.id} />
          <DownloadSubjectDataButton subject={{ kind: 'lead', id: lead.id }} />
          <ErasePersonalData kind="lead" id={lead.id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
