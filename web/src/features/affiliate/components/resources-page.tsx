import { faqItemsOf } from '@acres/contracts/faq';
import { useEffect } from 'react';
import { useRequireAffiliate } from '../api/use-affiliate-gate';
import { buildMarketingMessages } from '../lib/marketing-messages';
import { referralLinkFor } from '../lib/share-links';
import { useOffer } from '@/lib/use-offer';
import { AffiliateShell } from './affiliate-shell';
import { CopyButton } from './copy-button';
import { MessageCard } from './message-card';
import { OfferFigures } from './offer-figures';

function SectionTitle({ id, title, description }: { id: string; title: string; description: string }) {
  return (
    <div className="mb-5">
      <h2 id={id} className="text-xl font-bold text-brand-950 sm:text-2xl">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 sm:text-base">{description}</p>
    </div>
  );
}

/** /affiliate/resources: the offer's key figures, ready-to-send messages with the affiliate's link, and the FAQ. */
export function AffiliateResourcesPage() {
  const gate = useRequireAffiliate();

  useEffect(() => {
    document.title = 'Marketing Resources — Acres Wholesale';
  }, []);

  const link = gate.state === 'ready' ? referralLinkFor(gate.affiliate.referralCode) : '';
  // The owner's terms: the texts and answers name the figures in force.
  const offer = useOffer();

  return (
    <AffiliateShell gate={gate} testId="affiliate-resources" loadingMessage="Loading your resources…">
      {() => (
        <>
          <section className="bg-brand-950 text-white">
            <div className="mx-auto max-w-6xl px-4 py-10 sm:px-8">
              <p className="text-sm font-semibold tracking-wider text-gold-300 uppercase">Marketing resources</p>
              <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Present the offer accurately, in minutes</h1>
              <p className="mt-2 max-w-2xl text-sm text-brand-100/90 sm:text-base">
                The figures buyers ask about, and messages that already carry your referral link. Quote the numbers as they are:
                commissions are paid only on verified sales.
              </p>
              <div className="mt-6 flex max-w-2xl flex-col gap-2 rounded-xl border border-white/10 bg-white/10 p-3 sm:flex-row sm:items-center">
                <code className="min-w-0 flex-1 truncate px-1 font-mono text-sm text-white" data-testid="resources-link">
                  {link}
                </code>
                <CopyButton
                  text={link}
                  label="Copy link"
                  copiedLabel="Copied!"
                  variant="gold"
                  size="sm"
                  data-testid="resources-copy-link"
                />
              </div>
            </div>
          </section>

          <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-10 sm:px-8 sm:py-12">
            <section aria-labelledby="figures-title">
              <SectionTitle
                id="figures-title"
                title="Key figures"
                description="The offer in six numbers. Every one of them is in the due-diligence package."
              />
              <OfferFigures />
            </section>

            <section aria-labelledby="messages-title">
              <SectionTitle
                id="messages-title"
                title="Ready-to-send messages"
                description="Copy a message as it is, or adapt it to your voice. Each one contains your referral link."
              />
              <div className="grid gap-5 lg:grid-cols-3">
                {buildMarketingMessages(link, offer).map((message) => (
                  <MessageCard key={message.id} message={message} />
                ))}
              </div>
            </section>

            <section aria-labelledby="faq-points-title">
              <SectionTitle
                id="faq-points-title"
                title="Answers to common questions"
                description="The same answers buyers read on the site: use them so your clients hear one story."
              />
              <dl className="grid gap-4 md:grid-cols-2" data-testid="resources-faq">
                {faqItemsOf(offer.terms).map((item, index) => (
                  <div
                    key={item.question}
                    className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
                    data-testid="resources-faq-item"
                  >
                    <dt className="flex gap-3 font-semibold text-brand-950">
                      <span
                        aria-hidden="true"
                        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gold-100 text-sm font-bold text-gold-800"
                      >
                        {index + 1}
                      </span>
                      {item.question}
                    </dt>
                    <dd className="mt-2 pl-10 text-sm leading-relaxed text-slate-600">{item.answer}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </>
      )}
    </AffiliateShell>
  );
}
