import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { describeError } from '@/lib/problem';
import { verifyAccountEmail } from '../api/verify-email-api';
import { useAdminAction } from '@/features/admin/shell/api/use-admin-action';

/**
 * In an admin dialog about an investor account: confirm its email by hand (issue 24), for an
 * install that sends no email or a person who showed the address some other way. From then on
 * the leads and applications made with that email are the account's; the Audit log names the admin.
 */
export function VerifyAccountEmail({ userId, email }: { userId: string; email?: string | undefined }) {
  const authorization = useAdminAuthorization();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const { pending, start: confirm } = useAdminAction({
    run: async (authorization) => {
      const done = await verifyAccountEmail(authorization, userId);
      setConfirmed(done.email);
      return { title: 'Email confirmed', description: `${done.email} is now this account's.` };
    },
    failed: (error) => ({ title: 'Could not confirm the email', description: describeError(error) }),
  });

  return (
    <DetailSection title="Account email">
      <div className="flex flex-col gap-3 text-sm text-slate-700" data-testid="verify-account-email">
        {confirmed ? (
          <p role="status" data-testid="verify-account-email-done">
            <strong className="break-all">{confirmed}</strong> is confirmed as this account's email.
          </p>
        ) : (
          <>
            <p>
              Confirm {email ? <strong className="break-all">{email}</strong> : 'the account’s email'} by hand only once you know
              the address is this person’s (for instance, they wrote to you from it). Applications and reservations made with it
              then appear in their account. Confirming an address already confirmed changes nothing.
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={confirm}
              disabled={pending || !authorization}
              data-testid="verify-account-email-submit"
            >
              <MailCheck aria-hidden="true" />
              {pending ? 'Confirming…' : 'Confirm email by hand'}
            </Button>
          </>
        )}
      </div>
    </DetailSection>
  );
}
