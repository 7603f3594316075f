import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type SectionHeadingProps = {
  id: string;
  eyebrow: string;
  title: ReactNode;
  description?: ReactNode;
  tone?: 'light' | 'dark';
  className?: string;
};

export function SectionHeading({ id, eyebrow, title, description, tone = 'light', className }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className={cn('text-xs font-bold tracking-[0.18em] uppercase', tone === 'light' ? 'text-gold-700' : 'text-gold-300')}>
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn('mt-3 text-3xl font-bold tracking-tight sm:text-4xl', tone === 'light' ? 'text-brand-950' : 'text-white')}
      >
        {title}
      </h2>
      {description ? (
        <p className={cn('mt-4 text-lg leading-relaxed', tone === 'light' ? 'text-slate-600' : 'text-brand-100')}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
