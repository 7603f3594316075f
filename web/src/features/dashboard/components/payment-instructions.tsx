import { formatMillions, formatNaira, PAYMENT_ACRES } from '@acres/contracts';
import { CopyValueButton } from '@/components/ui/copy-value-button';
import { useBusinessSettings } from '@/lib/business-settings';
import { InstructionsFrame } from './instructions-frame';
import { PaymentInstructionsPending } from './payment-instructions-pending';

/** Payment instructions with the escrow account (SPEC 2 dashboard, SPEC 1: funds held in escrow). */
export function PaymentInstructions({ amount }: { amount: number | null }) {
  // The escrow account the admin set in Settings; nothing is shown while it loads.
  const { data: settings } = useBusinessSettings();
  if (!settings) return null;
  if (!settings.escrow) return <PaymentInstructionsPending settings={settings} />;
  const rows = [
    { label: 'Bank', value: settings.escrow.bankName, copy: false },
    { label: 'Account name', value: settings.escrow.accountName, copy: false },
    { label: 'Account number', value: settings.escrow.accountNumber, copy: true },
  ];
  return (
    <InstructionsFrame>
      {/* Only an amount the form can submit is ever named (none while the acres are out of range). */}
      <p className="mt-1 text-sm text-slate-700" data-testid="payment-instructions-amount">
        {amount === null ? (
          <>
            Enter the acres you are paying for ({PAYMENT_ACRES.min} to {PAYMENT_ACRES.max}) to see the amount to transfer to the
            escrow account below.
          </>
        ) : (
          <>
            Transfer <strong className="font-semibold text-slate-900">{formatMillions(amount)}</strong>{' '}
            <span className="text-slate-500">({formatNaira(amount)})</span> to the escrow account below, then upload your transfer
            receipt.
          </>
        )}
      </p>
      <dl className="mt-3 divide-y divide-brand-100 rounded-lg bg-white px-3 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-3 py-2">
            <dt className="text-slate-500">{row.label}</dt>
            <dd className="flex items-center gap-1 text-right font-semibold text-slate-900">
              <span className={row.copy ? 'font-mono tracking-wide' : undefined}>{row.value}</span>
              {row.copy ? <CopyValueButton value={row.value} label={row.label} /> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Use your full name as the transfer reference. Funds stay in escrow until title transfer and are refunded in full if the
        acquisition does not proceed.
      </p>
    </InstructionsFrame>
  );
}
