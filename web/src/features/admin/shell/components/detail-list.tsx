import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** `wide`: the item spans both columns; 'phone' only on narrow screens (long emails). */
export type DetailItem = { label: string; value: ReactNode; wide?: boolean | 'phone'; testId?: string };

/** The "Email" item as a link (`href` defaults to a plain mailto:), a dash when there is none. */
export function emailItem(email: string | null, href = `mailto:${email}`): DetailItem {
  const value = email ? (
    <a href={href} className="font-medium text-brand-700 hover:underline">
      {email}
    </a>
  ) : null;
  return { label: 'Email', value, wide: 'phone' };
}

/** Label/value pairs in two columns (one on phones); empty values show a dash. */
export function DetailList({ items, className }: { items: readonly DetailItem[]; className?: string }) {
  return (
    <dl className={cn('grid grid-flow-row-dense grid-cols-2 gap-x-4 gap-y-3 sm:gap-x-6', className)}>
      {items.map(({ label, value, wide, testId }) => (
        <div
          key={label}
          className={cn('min-w-0', wide === true && 'col-span-2', wide === 'phone' && 'col-span-2 sm:col-span-1')}
          data-testid={testId}
        >
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-0.5 text-sm break-words text-slate-900">
            {value === null || value === undefined || value === '' ? <span className="text-slate-500">—</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-brand-900">{title}</h3>
      {children}
    </section>
  );
}

/** A titled section that is only label/value pairs. */
export function DetailListSection({ title, items }: { title: string; items: readonly DetailItem[] }) {
  return (
    <DetailSection title={title}>
      <DetailList items={items} />
    </DetailSection>
  );
}
