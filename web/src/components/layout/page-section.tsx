import type { ReactNode } from 'react';
import { SectionHeading, type SectionHeadingProps } from './section-heading';

/** A full-width band of a landing page: its background, the centred column and, when given, its heading. */
export function PageSection({
  id,
  testId = id,
  headingId,
  className,
  heading,
  children,
}: {
  id?: string;
  /** The section's test id: its id unless said otherwise. */
  testId?: string;
  /** The id of the heading that names the section. */
  headingId: string;
  className: string;
  heading?: Omit<SectionHeadingProps, 'id'>;
  children: ReactNode;
}) {
  return (
    <section id={id} data-testid={testId} aria-labelledby={headingId} className={className}>
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        {heading ? <SectionHeading id={headingId} {...heading} /> : null}
        {children}
      </div>
    </section>
  );
}
