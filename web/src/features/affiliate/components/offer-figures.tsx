import { CalendarClock, Landmark, LandPlot, Ruler, Tags, Users } from 'lucide-react';
import type { Offer } from '@/lib/offer';
import { useOffer } from '@/lib/use-offer';
import { cn } from '@/lib/cn';

/** The offer's key figures by the terms in force. */
const figuresOf = (OFFER: Offer) =>
  [
    {
      Icon: Tags,
      value: `${OFFER.wholesale} vs ${OFFER.retail}`,
      label: 'Wholesale vs retail, per acre',
      note: `${OFFER.savings}+ spread per acre for the buyer`,
    },
    {
      Icon: LandPlot,
      value: `${OFFER.projectAcres} acres`,
      label: 'Industrial-corridor project',
      note: 'Individual title with clear exit rights',
    },
    {
      Icon: Users,
      value: `${OFFER.partnerSlots} partners`,
      label: 'Partner slots only',
      note: 'Scarcity is real: slots close when taken',
    },
    {
      Icon: Ruler,
      value: `${OFFER.minimumAcres} acres`,
      label: 'Minimum allocation',
      note: `${OFFER.minimum} at wholesale pricing`,
    },
    {
      Icon: Landmark,
      value: 'Escrow',
      label: 'Regulated escrow account',
      note: 'Funds held until title transfer; full refund if it does not proceed',
    },
    { Icon: CalendarClock, value: '45-60 days', label: 'Commitment to title', note: 'Typical acquisition timeline' },
  ] as const;

/** The offer's key figures, as an affiliate should quote them. */
export function OfferFigures({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const dark = tone === 'dark';
  const figures = figuresOf(useOffer());
  return (
    <dl className={cn('grid gap-3 sm:grid-cols-2 lg:grid-cols-3', className)} data-testid="offer-figures">
      {figures.map(({ Icon, value, label, note }) => (
        // A group holds only its dt and dds (axe's definition-list rule): the icon sits in the dt.
        <div
          key={label}
          className={cn(
            'relative min-w-0 rounded-2xl border p-5 pl-20',
            dark ? 'border-white/10 bg-white/[0.06]' : 'border-slate-200 bg-white shadow-sm',
          )}
        >
          <dt className={cn('text-sm', dark ? 'text-brand-200' : 'text-slate-600')}>
            <span
              className={cn(
                'absolute top-5 left-5 flex size-11 items-center justify-center rounded-xl',
                dark ? 'bg-gold-400/15 text-gold-300' : 'bg-brand-50 text-brand-700',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            {label}
          </dt>
          <dd className={cn('text-xl font-bold', dark ? 'text-white' : 'text-brand-950')}>{value}</dd>
          <dd className={cn('mt-0.5 text-sm', dark ? 'text-brand-100/80' : 'text-slate-500')}>{note}</dd>
        </div>
      ))}
    </dl>
  );
}
