import { describe, expect, it } from 'vitest';
import {
  describeApplicationReceived,
  describeLeadConfirmation,
  describeLeadReserved,
  describePaymentProofSubmitted,
  describePasswordResetRequested,
  describeSaleReported,
} from './delivery-copy';

const channels = (on: Partial<Record<'email' | 'sms' | 'whatsapp', boolean>> = {}) => ({
  email: false,
  sms: false,
  whatsapp: false,
  ...on,
});
const ALL = channels({ email: true, sms: true, whatsapp: true });
const TEAM = 'Our team will contact you within 24 hours with due diligence materials.';
const PREPARING =
  'Our team will contact you within 24 hours. The due diligence materials are being prepared; we will send them as soon as they are ready.';

describe('describeLeadConfirmation', () => {
  it("keeps SPEC's text word for word when WhatsApp and SMS both deliver and the room holds a document", () => {
    const spec = `We've sent confirmation via WhatsApp and SMS. ${TEAM}`;
    expect(describeLeadConfirmation(ALL, true)).toBe(spec);
    expect(describeLeadConfirmation(channels({ sms: true, whatsapp: true }), true)).toBe(spec);
  });

  it('promises no materials while none is uploaded, nor while that is loading: it says what will happen', () => {
    expect(describeLeadConfirmation(ALL, false)).toBe(`We've sent confirmation via WhatsApp and SMS. ${PREPARING}`);
    expect(describeLeadConfirmation(ALL)).toBe(`We've sent confirmation via WhatsApp and SMS. ${PREPARING}`);
  });

  it('claims no message when no channel delivers, nor while the settings load', () => {
    expect(describeLeadConfirmation(channels(), true)).toBe(`We've received your reservation. ${TEAM}`);
    expect(describeLeadConfirmation()).toBe(`We've received your reservation. ${PREPARING}`);
  });

  it('names only the channels that deliver', () => {
    expect(describeLeadConfirmation(channels({ sms: true }), true)).toBe(`We've sent confirmation via SMS. ${TEAM}`);
    expect(describeLeadConfirmation(channels({ whatsapp: true, email: true }), true)).toBe(
      `We've sent confirmation via WhatsApp and email. ${TEAM}`,
    );
    expect(describeLeadConfirmation(channels({ email: true }), true)).toBe(`We've sent confirmation via email. ${TEAM}`);
  });
});

describe('describeLeadReserved', () => {
  it("keeps SPEC's toast when WhatsApp and SMS deliver, names only the delivering ones otherwise", () => {
    expect(describeLeadReserved(ALL)).toBe('Your slot has been reserved. Check your WhatsApp and SMS for confirmation.');
    expect(describeLeadReserved(channels({ sms: true, email: true }))).toBe(
      'Your slot has been reserved. Check your SMS and email for confirmation.',
    );
    expect(describeLeadReserved(channels())).toBe('Your slot has been reserved.');
  });
});

describe('the email promises', () => {
  it("keep SPEC's text when email delivers", () => {
    expect(describeApplicationReceived(ALL)).toBe(
      "Your subscription application has been received. You'll receive a confirmation email shortly.",
    );
    expect(describePaymentProofSubmitted(channels({ email: true }))).toBe(
      "Your payment proof has been submitted for review. You'll be notified once it's processed.",
    );
    expect(describeSaleReported(channels({ email: true }))).toBe("You'll be notified once approved");
  });

  it('promise no email when it does not deliver, even if SMS and WhatsApp do', () => {
    const noEmail = channels({ sms: true, whatsapp: true });
    expect(describeApplicationReceived(noEmail)).toBe(
      'Your subscription application has been received. Our team will review it and contact you.',
    );
    expect(describePaymentProofSubmitted(noEmail)).toBe(
      'Your payment proof has been submitted for review. Check your dashboard for the outcome.',
    );
    expect(describeSaleReported()).toBe('Check your dashboard for the outcome');
  });

  it('say a reset link was emailed only when email delivers, and never whether the account exists', () => {
    expect(describePasswordResetRequested(channels({ email: true }))).toBe(
      "If an account exists for that email, we've sent a link to reset your password. It expires in one hour.",
    );
    const held = describePasswordResetRequested(channels({ sms: true, whatsapp: true }));
    expect(held).toMatch(/^If an account exists for that email, /);
    expect(held).toContain('held for our team');
    expect(held).not.toMatch(/sent|emailed/);
    expect(describePasswordResetRequested()).toBe(held);
  });
});
