import { ChevronRight, Megaphone, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { TitledCard } from '@/components/ui/titled-card';

const itemClass =
  'flex w-full items-center gap-3 rounded-xl border border-slate-200 p-3.5 text-left transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-gold-500';

/** SPEC 2 Quick Actions: report a sale, and the marketing resources page. */
export function QuickActions({ onReport, className }: { onReport: () => void; className?: string }) {
  return (
    <TitledCard
      title="Quick Actions"
      className={className}
      contentClassName="flex flex-col gap-2 pt-2"
      data-testid="quick-actions"
    >
      <button type="button" onClick={onReport} className={itemClass} data-testid="quick-report-sale">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-800 text-white">
          <Plus className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-slate-900">Report a sale</span>
          <span className="block text-xs text-slate-500">A client you referred has paid</span>
        </span>
        <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
      </button>
      <Link to="/affiliate/resources" className={itemClass} data-testid="quick-resources">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-gold-400 text-brand-950">
          <Megaphone className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-slate-900">Marketing resources</span>
          <span className="block text-xs text-slate-500">Key figures and ready-to-send messages</span>
        </span>
        <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
      </Link>
    </TitledCard>
  );
}
