import { Clock, type LucideIcon, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatContactPhone, mailtoHref, telHref, useBusinessSettings, whatsAppHref } from '@/lib/business-settings';
import { BrandMark } from './brand-mark';

/** A contact line that is text, not a link. */
function PlainLine({ Icon, text }: { Icon: LucideIcon; text: string }) {
  return (
    <li className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </li>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  // The admin's Settings; a contact not set up yet is not shown.
  const settings = useBusinessSettings().data;
  const contact = settings?.contact;
  // No heading over nothing: the column is there only once a contact or the office hours are set.
  const hasContact = Boolean(contact && Object.values(contact).some(Boolean)) || Boolean(settings?.officeHours);
  return (
    <footer id="footer" data-testid="footer" className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:px-8 md:grid-cols-3">
        <div className="space-y-3">
          <BrandMark tone="light" />
          <p className="max-w-xs text-sm leading-relaxed text-brand-200">
            Wholesale acreage in an industrial corridor, with individual title and funds held in escrow until title transfer.
          </p>
        </div>
        {hasContact ? (
          <div>
            <h2 className="mb-3 text-sm font-semibold tracking-wider text-gold-300 uppercase">Contact</h2>
            <ul className="space-y-2.5 text-sm" data-testid="footer-contact">
              {contact?.email ? (
                <li>
                  <a href={mailtoHref(contact.email)} className="inline-flex items-center gap-2 break-all hover:text-white">
                    <Mail className="size-4 shrink-0" aria-hidden="true" />
                    {contact.email}
                  </a>
                </li>
              ) : null}
              {contact?.phone ? (
                <li>
                  <a href={telHref(contact.phone)} className="inline-flex items-center gap-2 hover:text-white">
                    <Phone className="size-4" aria-hidden="true" />
                    {formatContactPhone(contact.phone)}
                  </a>
                </li>
              ) : null}
              {contact?.whatsapp ? (
                <li>
                  <a
                    href={whatsAppHref(contact.whatsapp)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-2 hover:text-white"
                  >
                    <MessageCircle className="size-4" aria-hidden="true" />
                    WhatsApp
                  </a>
                </li>
              ) : null}
              {contact?.address ? <PlainLine Icon={MapPin} text={contact.address} /> : null}
              {settings?.officeHours ? <PlainLine Icon={Clock} text={settings.officeHours} /> : null}
            </ul>
          </div>
        ) : null}
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wider text-gold-300 uppercase">Company</h2>
          <ul className="space-y-2.5 text-sm">
            <li>
              <Link to="/privacy" className="hover:text-white">
                Privacy Policy and Terms
              </Link>
            </li>
            <li>
              <Link to="/affiliate" className="hover:text-white">
                Affiliate Program
              </Link>
            </li>
            <li>
              <Link to="/application-status" className="hover:text-white">
                Application Status
              </Link>
            </li>
            <li>
              <a href="/api/login" className="hover:text-white">
                Investor Login
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-5 py-5 text-xs text-brand-300 sm:px-8">
          © {year} Acres Wholesale. Communications are opt-in; reply STOP to opt out.
        </p>
      </div>
    </footer>
  );
}
