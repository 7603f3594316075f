import { BellOff, Landmark, type LucideIcon, RotateCcw, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageSection } from '@/components/layout/page-section';

type TrustItem = { icon: LucideIcon; title: string; body: string };

const items: readonly TrustItem[] = [
  {
    icon: ShieldCheck,
    title: 'Data protection',
    body: 'Your personal data is processed in line with the Nigeria Data Protection Regulation (NDPR) and the Nigeria Data Protection Act, and used only for your enquiry and transaction.',
  },
  {
    icon: BellOff,
    title: 'Opt-in communications',
    body: 'We message you only with your consent. Opt out at any time by replying STOP to any SMS or WhatsApp message.',
  },
  {
    icon: Landmark,
    title: 'Regulated escrow',
    body: 'All investor funds are held in a regulated escrow account until title transfer.',
  },
  {
    icon: RotateCcw,
    title: 'Full refund guarantee',
    body: 'A full refund if the acquisition does not proceed, with no fees or penalties for cancellation beyond your control.',
  },
];

export function TrustSection() {
  return (
    <PageSection
      id="trust"
      headingId="trust-title"
      className="bg-brand-950 py-16 text-white sm:py-24"
      heading={{ tone: 'dark', eyebrow: 'Trust and compliance', title: 'Your money and your data, protected' }}
    >
      <ul className="mt-12 grid gap-5 sm:grid-cols-2">
        {items.map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex gap-4 rounded-2xl border border-white/10 bg-white/[0.04] p-6">
            <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <div>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-1.5 leading-relaxed text-brand-100">{body}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-brand-200">
        Read the full{' '}
        <Link to="/privacy" className="font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-200">
          Privacy Policy and Terms
        </Link>
        .
      </p>
    </PageSection>
  );
}
