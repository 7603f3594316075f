import type { AdminLead } from '@acres/contracts';
import { AlarmClock } from 'lucide-react';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { ownerLabel } from './lead-stage-badge';

/**
 * The leads still new past the 24 hours the product promises, above the list whatever it is
 * filtered by: each opens its dialog. Nothing is shown when none is overdue.
 */
export function OverdueLeads({
  leads,
  total,
  onOpen,
}: {
  leads: readonly AdminLead[];
  total: number;
  onOpen: (lead: AdminLead) => void;
}) {
  if (leads.length === 0) return null;
  return (
    <section
      aria-labelledby="overdue-leads-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4"
      data-testid="overdue-leads"
    >
      <h3 id="overdue-leads-title" className="flex items-center gap-2 text-sm font-semibold text-amber-950">
        <AlarmClock aria-hidden="true" className="size-4" />
        {total === 1 ? '1 lead has' : `${total} leads have`} waited over 24 hours for contact
      </h3>
      <ul className="mt-2 flex flex-col gap-1">
        {leads.map((lead) => (
          <li key={lead.id}>
            <button
              type="button"
              onClick={() => onOpen(lead)}
              className="flex w-full min-w-0 flex-wrap items-baseline gap-x-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-gold-500"
              data-testid="overdue-lead"
            >
              <span className="font-medium break-all text-slate-900">{lead.fullName}</span>
              <span className="text-slate-700">
                {ownerLabel(lead.ownerId)} · arrived {formatDateTime(lead.createdAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
