import { BadgeCheck, ClipboardList, Share2, UserPlus } from 'lucide-react';
import { SectionHeading } from '@/components/layout/section-heading';

const steps = [
  {
    Icon: UserPlus,
    title: 'Sign up and register',
    body: 'Create your account, then tell us how you market and where to pay your commission. It takes two minutes.',
  },
  {
    Icon: Share2,
    title: 'Share your link',
    body: 'Your dashboard gives you a personal referral link and ready-made messages for WhatsApp, SMS, email and social media.',
  },
  {
    Icon: ClipboardList,
    title: 'Report your sales',
    body: 'When a client you referred pays, report the sale with the amount, acres and date. Visitors who arrive through your link are counted for you.',
  },
  {
    Icon: BadgeCheck,
    title: 'Get paid on verification',
    body: 'We verify each sale against the escrow account. Verified sales earn the commission of your tier, shown in your monthly statement.',
  },
];

export function AffiliateSteps() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="affiliate-how-title"
      data-testid="affiliate-how-it-works"
      className="bg-white py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading id="affiliate-how-title" eyebrow="How it works" title="From your first share to your first commission" />
        <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ Icon, title, body }, index) => (
            <li key={title} data-testid="affiliate-step" className="relative rounded-2xl border border-slate-200 bg-stone-50 p-6">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-gold-400 text-base font-extrabold text-brand-950"
                >
                  {index + 1}
                </span>
                <Icon className="size-5 text-brand-700" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-brand-950">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
