import { ShieldCheck } from 'lucide-react';
import { OFFER } from '@/lib/offer';
import { ReserveActions } from './reserve-actions';

type HeroProps = { onReserve: () => void; onApply: () => void };

const { wholesale, retail, savings, discountPercent, projectAcres, partnerSlots } = OFFER;

function ContourPattern() {
  return (
    <svg
      className="pointer-events-none absolute inset-0 h-full w-full opacity-[0.12]"
      viewBox="0 0 800 600"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
    >
      {Array.from({ length: 9 }, (_, i) => (
        <path
          key={i}
          d={`M-50 ${120 + i * 55} C 150 ${60 + i * 55}, 300 ${200 + i * 50}, 480 ${110 + i * 55} S 760 ${40 + i * 60}, 900 ${140 + i * 52}`}
          fill="none"
          stroke="#e3b137"
          strokeWidth="1.2"
        />
      ))}
    </svg>
  );
}

export function HeroSection({ onReserve, onApply }: HeroProps) {
  return (
    <section
      id="hero"
      data-testid="hero"
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white"
    >
      <ContourPattern />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:px-8 md:py-20 lg:grid-cols-[1.15fr_0.85fr] lg:items-center lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-gold-300/40 bg-white/5 px-3 py-1 text-xs font-semibold tracking-wide text-gold-200 uppercase">
            <span className="size-1.5 rounded-full bg-gold-400" aria-hidden="true" />
            {projectAcres} acres · {partnerSlots} partner slots only
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl leading-[1.08] font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Industrial-corridor land at <span className="text-gold-400">{wholesale}</span> per acre
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-100">
            A wholesale buy-in at {wholesale} per acre against a retail price of {retail} per acre. A {projectAcres}
            -acre project limited to {partnerSlots} partners, each with individual title to their allocated acreage and clear exit
            rights.
          </p>
          <ReserveActions
            onReserve={onReserve}
            onApply={onApply}
            testIdPrefix="hero"
            applyIcon
            className="mt-8 flex flex-col gap-3 sm:flex-row"
          />
          <p className="mt-5 inline-flex items-center gap-2 text-sm text-brand-200">
            <ShieldCheck className="size-4 text-gold-300" aria-hidden="true" />
            Funds held in regulated escrow until title transfer
          </p>
        </div>

        <div className="rounded-2xl border border-white/15 bg-white/[0.07] p-6 shadow-2xl backdrop-blur-sm sm:p-7">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Price per acre</p>
          <dl className="mt-5 space-y-5">
            {/* A group holds only its dt and dds (axe's definition-list rule): the bar is a hidden dd. */}
            <div className="flex flex-wrap items-baseline justify-between">
              <dt className="text-sm text-brand-100">Wholesale (you pay)</dt>
              <dd className="text-2xl font-bold text-gold-400" data-testid="hero-wholesale">
                {wholesale}
              </dd>
              <dd aria-hidden="true" className="mt-2 h-2.5 basis-full rounded-full bg-white/10">
                <div className="h-full rounded-full bg-gold-400" style={{ width: `${OFFER.wholesaleSharePercent}%` }} />
              </dd>
            </div>
            <div className="flex flex-wrap items-baseline justify-between">
              <dt className="text-sm text-brand-100">Retail price</dt>
              <dd className="text-2xl font-bold text-white" data-testid="hero-retail">
                {retail}
              </dd>
              <dd aria-hidden="true" className="mt-2 h-2.5 basis-full rounded-full bg-white/80" />
            </div>
          </dl>
          <div className="mt-6 grid grid-cols-2 gap-3 border-t border-white/10 pt-5 text-center">
            <div className="rounded-xl bg-white/5 p-3">
              <p className="text-xl font-bold text-white">{savings}+</p>
              <p className="text-xs text-brand-200">spread per acre</p>
            </div>
            <div className="rounded-xl bg-white/5 p-3">
              <p className="text-xl font-bold text-white">{discountPercent}%+</p>
              <p className="text-xs text-brand-200">below retail</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
