import { BadgeCheck, CalendarCheck, ClipboardCheck, Landmark, type LucideIcon, TrendingUp, Users } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { OFFER } from '@/lib/offer';

type ValueCard = { icon: LucideIcon; title: string; body: string };

const cards: readonly ValueCard[] = [
  {
    icon: TrendingUp,
    title: 'Wholesale pricing',
    body: `Buy in at ${OFFER.wholesale} per acre against ${OFFER.retail} retail: a ${OFFER.savings}+ equity spread on every acre from day one.`,
  },
  {
    icon: BadgeCheck,
    title: 'Individual title',
    body: 'Each partner receives individual title to their allocated acreage, with clear exit rights to hold, develop or sell.',
  },
  {
    icon: Landmark,
    title: 'Escrow protection',
    body: 'All investor funds sit in a regulated escrow account until title transfer, and are refunded in full if the acquisition does not proceed.',
  },
  {
    icon: Users,
    title: `Only ${OFFER.partnerSlots} partners`,
    body: `The ${OFFER.projectAcres}-acre project is limited to ${OFFER.partnerSlots} partner slots, so every partner holds a meaningful, well-documented allocation.`,
  },
  {
    icon: ClipboardCheck,
    title: 'Full due diligence',
    body: 'Title verification, survey plans, environmental assessment, zoning confirmation and a development potential analysis, before you commit.',
  },
  {
    icon: CalendarCheck,
    title: 'Clear timeline',
    body: 'From commitment to title transfer typically takes 45-60 days, with updates at every stage.',
  },
];

const HEADING = {
  eyebrow: 'Why partner with us',
  title: 'A disciplined way to own industrial land',
  description: 'Institutional-style structure, at a wholesale entry price.',
};

export function ValueCards() {
  return (
    <PageSection id="value-cards" headingId="value-title" className="bg-white py-16 sm:py-24" heading={HEADING}>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ icon: Icon, title, body }) => (
          <li
            key={title}
            data-testid="value-card"
            className="group rounded-2xl border border-slate-200 bg-stone-50/60 p-6 transition-shadow hover:shadow-md"
          >
            <div className="flex size-11 items-center justify-center rounded-xl bg-brand-800 text-gold-300">
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <h3 className="mt-4 text-lg font-semibold text-brand-950">{title}</h3>
            <p className="mt-2 leading-relaxed text-slate-600">{body}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
