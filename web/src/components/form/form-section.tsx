import { type ReactNode, useId } from 'react';

/** A titled group of a long form's fields, in two columns from small screens up. */
export function FormSection({
  title,
  description,
  heading: Heading = 'h2',
  spacing = 'pt-6',
  children,
}: {
  title: string;
  description: string;
  /** The title's level in the page. */
  heading?: 'h2' | 'h3';
  /** The room above the section's rule. */
  spacing?: 'pt-5' | 'pt-6';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <fieldset
      aria-labelledby={titleId}
      className={`grid gap-4 border-t border-slate-100 ${spacing} first:border-t-0 first:pt-0 sm:grid-cols-2`}
    >
      <div className="sm:col-span-2">
        <Heading id={titleId} className="text-base font-semibold text-brand-950">
          {title}
        </Heading>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </fieldset>
  );
}
