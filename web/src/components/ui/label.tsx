import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export type LabelProps = ComponentProps<typeof LabelPrimitive.Root> & {
  /** Adds a visual '*' (hidden from screen readers; use aria-required on the control). */
  required?: boolean;
};

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root className={cn('text-sm font-medium text-slate-800', className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      ) : null}
    </LabelPrimitive.Root>
  );
}
