import { DEFAULT_BUSINESS_TERMS } from '@acres/contracts/business-terms';
import { RESPONSE_PROMISE_HOURS } from '@acres/contracts/constants';
import { consentTextsEffectiveOn, currentConsentTexts } from '@acres/contracts/consent-texts';
import { formatCalendarDate } from '@acres/contracts/lagos-time';
import { formatMillions } from '@acres/contracts/money';
import { type ReactNode, useEffect } from 'react';
import { PlainPage } from '@/components/layout/plain-page';
import { formatContactPhone, mailtoHref, useBusinessSettings } from '@/lib/business-settings';

/** Dated by the consent texts in force: a new wording is a new version with its own day. */
export const PRIVACY_LAST_UPDATED = formatCalendarDate(consentTextsEffectiveOn());
const TEXT_VERSIONS = currentConsentTexts()
  .map((text) => `${text.id.replace('-', ' ')} version ${String(text.version)}`)
  .join(', ');

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-950">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

function EmailLink({ email }: { email: string }) {
  return (
    <a className="font-medium break-all text-brand-700 underline" href={mailtoHref(email)}>
      {email}
    </a>
  );
}

export function PrivacyPage() {
  // The admin's Settings; what is not set up yet is left out.
  const settings = useBusinessSettings().data;
  const contact = settings?.contact;
  const { pricePerAcre } = settings?.terms ?? DEFAULT_BUSINESS_TERMS;
  useEffect(() => {
    document.title = 'Privacy Policy and Terms — Acres Wholesale';
  }, []);

  return (
    <PlainPage width="max-w-3xl" testId="privacy">
      <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">Privacy Policy and Terms</h1>
      <p className="mt-2 text-sm text-slate-500" data-testid="privacy-last-updated">
        Last updated {PRIVACY_LAST_UPDATED} (consent texts: {TEXT_VERSIONS})
      </p>

      <div className="mt-10 space-y-10">
        <Section id="data-protection" title="Data protection">
          <p>
            We process personal data in line with the Nigeria Data Protection Regulation (NDPR) and the Nigeria Data Protection
            Act 2023 (NDPA). We collect only what we need to respond to your enquiry, process your application and complete your
            land allocation, and we keep it no longer than the law and the transaction require.
          </p>
          <p>
            You may ask to see, correct or delete your personal data, or withdraw a consent you gave, by writing to{' '}
            {contact?.email ? <EmailLink email={contact.email} /> : 'us through the contact details below'}.
          </p>
        </Section>

        <Section id="data-collected" title="Data we collect">
          <ul className="list-disc space-y-1.5 pl-5">
            <li>Contact details: full name, company, email address and phone number.</li>
            <li>Your role (developer, realtor or investor), intended acreage, commitment timeline and notes.</li>
            <li>
              For a full application: identity and next-of-kin details, addresses, occupation, passport photograph and payment
              details.
            </li>
            <li>For investors: proof-of-payment images you upload and the status of each payment.</li>
            <li>For affiliates: profile, bank details for commission payments and the sales you report.</li>
          </ul>
        </Section>

        <Section id="data-use" title="How we use your data">
          <ul className="list-disc space-y-1.5 pl-5">
            <li>To confirm your reservation and contact you within {RESPONSE_PROMISE_HOURS} hours.</li>
            <li>To send due-diligence materials and process your subscription and payments.</li>
            <li>To verify payments held in escrow and prepare your title documents.</li>
            <li>To pay affiliate commissions on verified sales.</li>
          </ul>
          <p>
            We do not sell your personal data. We share it only with the escrow bank, our legal advisers and the land registry
            where your transaction requires it.
          </p>
        </Section>

        <Section id="communications" title="Opt-in communications">
          <p>
            We contact you by email, SMS or WhatsApp only when you have opted in, by ticking the consent box on our forms. You can
            opt out at any time: reply STOP to any SMS or WhatsApp message, or email us, and we will stop promotional messages.
            Messages about a transaction already in progress may still be sent.
          </p>
        </Section>

        <Section id="escrow" title="Escrow and refund terms">
          <p>
            The wholesale price is {formatMillions(pricePerAcre)} per acre. All investor funds are held in a regulated escrow
            account until title transfer, and are released only when your individual title is ready to be transferred to you.
          </p>
          <p>
            If the acquisition does not proceed, you receive a full refund. There are no fees or penalties for a cancellation
            beyond your control.
          </p>
        </Section>

        <Section id="contact" title="Contact">
          {contact && (contact.address || contact.email || contact.phone) ? (
            <ul className="space-y-1" data-testid="privacy-contact">
              {contact.address ? <li>{contact.address}</li> : null}
              {contact.email ? (
                <li>
                  Email: <EmailLink email={contact.email} />
                </li>
              ) : null}
              {contact.phone ? <li>Phone: {formatContactPhone(contact.phone)}</li> : null}
              {settings?.officeHours ? <li>Office hours: {settings.officeHours}</li> : null}
            </ul>
          ) : (
            <p>Our contact details are being set up; please check back shortly.</p>
          )}
        </Section>
      </div>
    </PlainPage>
  );
}
