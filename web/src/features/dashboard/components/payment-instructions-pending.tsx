import type { PublicSettings } from '@acres/contracts/settings-reads';
import { Clock } from 'lucide-react';
import { InstructionsFrame } from './instructions-frame';
import { formatContactPhone, mailtoHref, telHref, whatsAppHref } from '@/lib/business-settings';

const LINK_CLASS = 'font-medium break-all text-brand-700 underline';

/** Until the admin sets the escrow account: no account to pay into, and how to reach the team. */
export function PaymentInstructionsPending({ settings }: { settings: PublicSettings }) {
  const { contact, officeHours } = settings;
  const reachable = contact.phone || contact.whatsapp || contact.email;
  return (
    <InstructionsFrame pending>
      <p className="mt-1 text-sm text-slate-700">
        The escrow account is not set up yet, so please do not transfer any money for now. Payment proofs can be uploaded once the
        account details appear here.
      </p>
      {reachable ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700" data-testid="payment-instructions-contact">
          <li className="font-medium text-slate-900">Reach the team:</li>
          {contact.phone ? (
            <li>
              Phone:{' '}
              <a className={LINK_CLASS} href={telHref(contact.phone)}>
                {formatContactPhone(contact.phone)}
              </a>
            </li>
          ) : null}
          {contact.whatsapp ? (
            <li>
              WhatsApp:{' '}
              <a className={LINK_CLASS} href={whatsAppHref(contact.whatsapp)} target="_blank" rel="noopener noreferrer">
                {formatContactPhone(contact.whatsapp)}
              </a>
            </li>
          ) : null}
          {contact.email ? (
            <li>
              Email:{' '}
              <a className={LINK_CLASS} href={mailtoHref(contact.email)}>
                {contact.email}
              </a>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-700">Our team will contact you with the account details.</p>
      )}
      {officeHours ? (
        <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600">
          <Clock className="size-3.5" aria-hidden="true" />
          {officeHours}
        </p>
      ) : null}
    </InstructionsFrame>
  );
}
