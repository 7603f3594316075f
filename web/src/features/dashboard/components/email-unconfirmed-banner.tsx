import { MailWarning } from 'lucide-react';
import { ResendVerificationButton } from '@/components/account/resend-verification-button';
import { useBusinessSettings } from '@/lib/business-settings';
import { describeEmailUnconfirmed } from '@/lib/delivery-copy';

/**
 * While the account's email is not confirmed: say so, why it matters (applications made with the
 * email elsewhere appear only once it is), and offer a new link where the site sends email.
 */
export function EmailUnconfirmedBanner({ email }: { email: string }) {
  const channels = useBusinessSettings().data?.channels;
  return (
    <section
      aria-labelledby="email-unconfirmed-title"
      className="mt-6 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start sm:gap-4"
      data-testid="email-unconfirmed"
    >
      <MailWarning className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id="email-unconfirmed-title" className="font-semibold">
          Email not confirmed: <span className="break-all">{email}</span>
        </h2>
        <p className="text-sm leading-relaxed">{describeEmailUnconfirmed(channels)}</p>
        {channels?.email ? <ResendVerificationButton variant="outline" /> : null}
      </div>
    </section>
  );
}
