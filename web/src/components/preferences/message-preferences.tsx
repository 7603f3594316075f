import type { MessagePreference } from '@acres/contracts/consent-ledger';
import { useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/problem';
import { MY_PREFERENCES_KEY, setMessagePreference, useMessagePreferences } from './preferences-api';
import { PhoneVerification } from './phone-verification';

const CHANNEL_LABELS = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;
const PURPOSE_LABELS = { marketing: 'News and offers about the project' } as const;

function PreferenceRow({ preference, onChanged }: { preference: MessagePreference; onChanged: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const id = `preference-${preference.purpose}-${preference.channel}`;
  const unavailable = preference.address === null;
  // Only a number the person confirmed with a texted code carries SMS and WhatsApp choices.
  const reason =
    preference.channel === 'email'
      ? 'Confirm your email first (the link we sent you), then choose here'
      : 'Confirm your phone number above first';
  const reasonId = `${id}-reason`;
  return (
    <li className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={!preference.optedOut && !unavailable}
        disabled={busy || unavailable}
        aria-describedby={unavailable ? reasonId : undefined}
        data-testid={id}
        onCheckedChange={async (checked) => {
          setBusy(true);
          try {
            await setMessagePreference({ purpose: preference.purpose, channel: preference.channel, optedOut: checked !== true });
            await onChanged();
            toast({
              variant: 'success',
              title: 'Preference saved',
              description: `${CHANNEL_LABELS[preference.channel]}: ${checked === true ? 'on' : 'off'}.`,
            });
          } catch (error) {
            toast({ variant: 'destructive', title: 'Not saved', description: describeError(error) });
          } finally {
            setBusy(false);
          }
        }}
      />
      <Label htmlFor={id} className="flex min-w-0 flex-col gap-0.5 text-sm">
        <span className="font-medium text-slate-900">{CHANNEL_LABELS[preference.channel]}</span>
        <span id={reasonId} className="text-xs break-words text-slate-600">
          {preference.address ?? reason}
        </span>
      </Label>
    </li>
  );
}

/**
 * What the signed-in person lets us send per purpose and channel. Messages about their own
 * applications, payments, account and commissions always go; only these can be turned off.
 */
export function MessagePreferences() {
  const { data, error, mutate } = useMessagePreferences();
  if (error)
    return (
      <p className="text-sm text-red-700" role="alert">
        Could not load your preferences. {describeError(error)}
      </p>
    );
  if (!data) return <div className="h-24 animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;
  const purposes = [...new Set(data.map((preference) => preference.purpose))];
  return (
    <div className="flex flex-col gap-4" data-testid="message-preferences" data-key={MY_PREFERENCES_KEY}>
      <PhoneVerification />
      {purposes.map((purpose) => (
        <fieldset key={purpose} className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-brand-900">{PURPOSE_LABELS[purpose]}</legend>
          <ul className="flex flex-col gap-3">
            {data
              .filter((preference) => preference.purpose === purpose)
              .map((preference) => (
                <PreferenceRow key={preference.channel} preference={preference} onChanged={() => mutate()} />
              ))}
          </ul>
        </fieldset>
      ))}
      <p className="text-xs text-slate-500">Messages about your own applications, payments and account are always sent.</p>
    </div>
  );
}
