import type { ReactNode } from 'react';
import { PageSection } from './page-section';

/** The closing call to action of a landing page: a title and a line on a brand panel, then its actions. */
export function CtaBanner({
  id,
  testId,
  headingId,
  title,
  text,
  children,
}: {
  id?: string;
  testId?: string;
  headingId: string;
  title: ReactNode;
  text: string;
  children: ReactNode;
}) {
  return (
    <PageSection id={id} testId={testId} headingId={headingId} className="bg-stone-50 py-16 sm:py-24">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-gold-400/20 blur-3xl"
        />
        <h2 id={headingId} className="relative text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-100">{text}</p>
        {children}
      </div>
    </PageSection>
  );
}
