import { TriangleAlert } from 'lucide-react';
import { useAdminSettings } from '../api/settings-api';

/** Shown on every admin tab while investors have no escrow account to pay into. */
export function EscrowBanner({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { data } = useAdminSettings();
  if (!data || data.settings.escrowAccountNumber !== null) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-gold-300 bg-gold-50 p-4 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between"
      data-testid="escrow-banner"
    >
      <p className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
        <span>
          <strong className="font-semibold">The escrow account is not set up.</strong> Investors see that payment instructions are
          being prepared and cannot submit payment proofs until you set it.
        </span>
      </p>
      <button
        type="button"
        onClick={onOpenSettings}
        className="shrink-0 self-start rounded-md px-2 py-1 font-semibold text-brand-800 underline hover:bg-gold-100 sm:self-auto"
      >
        Open Settings
      </button>
    </div>
  );
}
