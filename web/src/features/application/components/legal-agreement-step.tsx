import { APPLICATION_CONSENT_TEXT } from '@acres/contracts/consent-texts';
import type { ApplicationFormInput } from '@acres/contracts';
import { CheckboxField } from '@/components/form/fields';

type Term = { title: string; text: string };

// SPEC 1 and 9: the promises the investor relies on, stated before they commit.
const TERMS: readonly Term[] = [
  {
    title: 'Escrow protection',
    text: 'All investor funds are held in a regulated escrow account until title transfer.',
  },
  {
    title: 'Full refund guarantee',
    text: 'If the acquisition does not proceed, you receive a full refund, with no fees or penalties for cancellation beyond your control.',
  },
  {
    title: 'Individual title',
    text: 'Each partner receives individual title to the allocated acreage, with clear exit rights.',
  },
  {
    title: 'Timeline',
    text: 'The acquisition, from commitment to title transfer, typically takes 45-60 days.',
  },
  {
    title: 'Data protection',
    text: 'Your details are used only to process your application. Communications are opt-in, and you can opt out at any time by replying STOP.',
  },
];

/** Step 4 (SPEC 4): the terms and the acknowledgment that must be ticked. */
export function LegalAgreementStep() {
  return (
    <div className="flex flex-col gap-5">
      <section
        aria-label="Terms and conditions"
        className="rounded-xl border border-brand-100 bg-brand-50/60 p-4 sm:p-5"
        data-testid="application-terms"
      >
        <ul className="flex flex-col gap-3">
          {TERMS.map((term) => (
            <li key={term.title} className="text-sm leading-relaxed text-slate-700">
              <span className="font-semibold text-brand-900">{term.title}. </span>
              {term.text}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-xs text-slate-500">
          Read the full{' '}
          <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
            privacy policy and terms
          </a>{' '}
          (opens in a new tab).
        </p>
      </section>
      <CheckboxField<ApplicationFormInput> name="acknowledgment" required label={APPLICATION_CONSENT_TEXT.text} />
    </div>
  );
}
