import { CheckCircle2, Clock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Holdings } from '../lib/holdings';

const acresText = (acres: number) => `${acres} ${acres === 1 ? 'acre' : 'acres'}`;

/**
 * When every acre applied for is paid or its proof is under review, the card says so instead
 * of asking for the same transfer again; paying for further acres stays one tap away.
 */
export function PaymentSettledNote({ holdings, onPayMore }: { holdings: Holdings; onPayMore: () => void }) {
  const secured = holdings.securedAcres > 0 && holdings.reviewAcres === 0;
  const Icon = secured ? CheckCircle2 : Clock;
  return (
    <div className="flex flex-col gap-3" data-testid="payment-settled">
      <p className="flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-950">
        <Icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          {secured
            ? `Your payment for the ${acresText(holdings.securedAcres)} you applied for is confirmed. Nothing more to pay.`
            : `Your proof for ${acresText(holdings.reviewAcres)} is under review. Nothing more to pay for now: this page shows the decision as soon as it is made.`}
        </span>
      </p>
      <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={onPayMore} data-testid="payment-pay-more">
        Pay for more acres
      </Button>
    </div>
  );
}
