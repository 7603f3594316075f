import { cn } from '@/lib/cn';

export const BRAND_NAME = 'Acres Wholesale';

/** The wordmark: an inline SVG (no external images). */
export function BrandMark({
  className,
  tone = 'dark',
  compact = false,
}: {
  className?: string;
  tone?: 'dark' | 'light';
  /** Hide the second word on narrow screens. */
  compact?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={tone === 'dark' ? '#0f402f' : '#ffffff'} />
        <path d="M6 23 L13.5 10.5 L18 17.5 L21 13 L26 23 Z" fill="#e3b137" />
        <path d="M6 23 H26" stroke={tone === 'dark' ? '#80cfa9' : '#156144'} strokeWidth="1.5" />
      </svg>
      <span className={cn('text-lg leading-none font-bold tracking-tight', tone === 'dark' ? 'text-brand-950' : 'text-white')}>
        Acres<span className="text-gold-500">.</span>
        <span
          className={cn(
            'ml-1 font-medium',
            tone === 'dark' ? 'text-brand-800' : 'text-brand-200',
            compact && 'max-[419px]:sr-only',
          )}
        >
          Wholesale
        </span>
      </span>
    </span>
  );
}
