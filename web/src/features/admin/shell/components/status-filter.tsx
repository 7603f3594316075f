import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type StatusFilterOption<T extends string> = { value: T; label: string };

/**
 * A row of toggle buttons, one chosen at a time (the admin tabs' status filters). Each button
 * is `{testIdPrefix}-{value}`; `badge` may add a count after an option's label.
 */
export function StatusFilter<T extends string>({
  label,
  testIdPrefix,
  options,
  value,
  onChange,
  badge,
}: {
  /** The group's accessible name. */
  label: string;
  testIdPrefix: string;
  options: readonly StatusFilterOption<T>[];
  value: T;
  onChange: (value: T) => void;
  badge?: (option: T, active: boolean) => ReactNode;
}) {
  return (
    <div role="group" aria-label={label} className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1 sm:inline-flex sm:w-fit">
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            data-testid={`${testIdPrefix}-${option.value}`}
            className={cn(
              'inline-flex h-9 items-center justify-center gap-0.5 rounded-md px-1 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold-500 sm:gap-1.5 sm:px-4',
              active ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {option.label}
            {badge?.(option.value, active)}
          </button>
        );
      })}
    </div>
  );
}
