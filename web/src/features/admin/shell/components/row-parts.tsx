import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A value over a smaller line that says more of it (an email under a name, the exact naira under millions). */
export function Stacked({
  value,
  detail,
  className,
  valueClassName = 'font-semibold text-slate-900',
  detailClassName = 'text-xs text-slate-500',
}: {
  value: ReactNode;
  /** Nothing under the value when null. */
  detail: ReactNode;
  className?: string;
  valueClassName?: string;
  detailClassName?: string;
}) {
  return (
    <span className={cn('flex flex-col', className)}>
      <span className={valueClassName}>{value}</span>
      {detail === null || detail === undefined ? null : <span className={detailClassName}>{detail}</span>}
    </span>
  );
}

/** A list row as a phone shows it: its title with the lines under it and its badge, then its details. */
export function RowCard({
  title,
  lines,
  badge,
  children,
}: {
  title: ReactNode;
  lines: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <span className="flex flex-col gap-2">
      <span className="flex items-start justify-between gap-3">
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold text-slate-900">{title}</span>
          {lines}
        </span>
        {badge}
      </span>
      {children}
    </span>
  );
}
