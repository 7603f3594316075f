import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const fieldControlClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-70 aria-invalid:border-red-600 aria-[invalid=true]:border-red-600';

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(fieldControlClass, 'h-11 read-only:bg-slate-50', className)} {...props} />;
}
