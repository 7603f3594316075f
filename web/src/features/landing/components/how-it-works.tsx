import { RESPONSE_PROMISE_HOURS } from '@acres/contracts/constants';
import { PageSection } from '@/components/layout/page-section';

const steps = [
  {
    title: 'Reserve your slot',
    body: `Complete the short form. Our team contacts you within ${RESPONSE_PROMISE_HOURS} hours and confirms by WhatsApp and SMS.`,
  },
  {
    title: 'Review due diligence',
    body: 'Receive title verification, survey plans, environmental assessment, zoning confirmation and a development potential analysis.',
  },
  {
    title: 'Commit and receive title',
    body: 'Pay into the regulated escrow account. Individual title to your acreage is transferred, typically within 45-60 days.',
  },
];

export function HowItWorks() {
  return (
    <PageSection
      id="how-it-works"
      headingId="how-title"
      className="bg-stone-50 py-16 sm:py-24"
      heading={{ eyebrow: 'How it works', title: 'Three steps to your title' }}
    >
      <ol className="relative mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li
            key={step.title}
            data-testid="how-step"
            className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <span
              aria-hidden="true"
              className="flex size-11 items-center justify-center rounded-full bg-gold-400 text-lg font-extrabold text-brand-950"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-brand-950">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 leading-relaxed text-slate-600">{step.body}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}
