import { Landmark } from 'lucide-react';
import type { ReactNode } from 'react';

/** The frame of the payment instructions: ready (brand) or, until the escrow account is set, pending (gold). */
export function InstructionsFrame({ pending = false, children }: { pending?: boolean; children: ReactNode }) {
  return (
    <section
      aria-labelledby="payment-instructions-title"
      className={
        pending ? 'rounded-xl border border-gold-300 bg-gold-50 p-4' : 'rounded-xl border border-brand-200 bg-brand-50/70 p-4'
      }
      data-testid={pending ? 'payment-instructions-pending' : 'payment-instructions'}
    >
      <h3 id="payment-instructions-title" className="flex items-center gap-2 text-sm font-semibold text-brand-900">
        <Landmark className="size-4" aria-hidden="true" />
        {pending ? 'Payment instructions are being prepared' : 'Payment instructions'}
      </h3>
      {children}
    </section>
  );
}
