import { COPY_FEEDBACK_MS } from '@acres/contracts';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

export type CopyValueButtonProps = {
  value: string;
  /** What is copied, e.g. 'Account number': the button is named "Copy account number". */
  label: string;
  /** Shows the word "Copy" / "Copied" beside the icon (a lone icon suits tight rows). */
  withText?: boolean;
  className?: string;
  'data-testid'?: string;
};

/** Copies one value to the clipboard and says so for a moment. */
export function CopyValueButton({ value, label, withText = false, className, ...rest }: CopyValueButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      onClick={() => {
        navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      className={cn(
        'inline-flex min-h-8 min-w-8 items-center justify-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-gold-500',
        withText && 'border border-brand-200 px-3',
        className,
      )}
      aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
      data-testid={rest['data-testid']}
    >
      <Icon className="size-4" aria-hidden="true" />
      {withText ? <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span> : null}
    </button>
  );
}
