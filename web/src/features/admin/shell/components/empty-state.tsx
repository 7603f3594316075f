import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  children,
  'data-testid': testId,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children ? <div className="max-w-sm text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
