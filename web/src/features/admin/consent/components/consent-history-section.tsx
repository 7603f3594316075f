import { NOTIFICATION_CHANNELS } from '@acres/contracts/events';
import type { ConsentSubjectKind } from '@acres/contracts/consent-ledger';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { describeError } from '@/lib/problem';
import { recordConsentChoice, useConsentHistory } from '../api/consent-api';
import { CHANNEL_LABELS, describeConsentEntry } from '../lib/consent-labels';
import { useAdminAction } from '@/features/admin/shell/api/use-admin-action';

const CHOICES = [
  { optedOut: true, testId: 'consent-admin-opt-out', label: 'Record opt-out' },
  { optedOut: false, testId: 'consent-admin-opt-in', label: 'Record opt-in' },
] as const;

/** The admin records a marketing opt-out or opt-in the person asked for by phone or in person. */
function RecordChoice({ kind, id, onRecorded }: { kind: 'lead' | 'affiliate'; id: string; onRecorded: () => Promise<unknown> }) {
  const [channel, setChannel] = useState<(typeof NOTIFICATION_CHANNELS)[number]>('email');
  const { pending: busy, start: record } = useAdminAction({
    run: async (authorization, optedOut: boolean) => {
      await recordConsentChoice({ authorization, kind, id, choice: { purpose: 'marketing', channel, optedOut } });
      return {
        title: optedOut ? 'Opt-out recorded' : 'Opt-in recorded',
        description: `Marketing by ${CHANNEL_LABELS[channel]}.`,
      };
    },
    after: onRecorded,
    failed: (error) => ({ title: 'Not recorded', description: describeError(error) }),
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        Marketing channel
        <select
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
          value={channel}
          onChange={(event) => setChannel(event.target.value as typeof channel)}
          data-testid="consent-admin-channel"
        >
          {NOTIFICATION_CHANNELS.map((each) => (
            <option key={each} value={each}>
              {CHANNEL_LABELS[each]}
            </option>
          ))}
        </select>
      </label>
      {CHOICES.map(({ optedOut, testId, label }) => (
        <Button
          key={testId}
          type="button"
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => record(optedOut)}
          data-testid={testId}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

/** The consent ledger of a lead, application or affiliate: texts agreed to, every opt-out and opt-in. */
export function ConsentHistorySection({ kind, id }: { kind: ConsentSubjectKind; id: string }) {
  const { data, error, mutate } = useConsentHistory(kind, id);
  const entries = data?.entries ?? [];
  return (
    <DetailSection title="Consent history">
      <div data-testid="consent-history" className="flex flex-col gap-3">
        {error ? (
          <p className="text-sm text-red-700">The consent history could not be loaded.</p>
        ) : !data ? (
          <p className="text-sm text-slate-500">Loading the consent history…</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-slate-500">No consent is recorded: marketing messages are off.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {entries.map((entry) => {
              const { title, detail, text } = describeConsentEntry(entry);
              return (
                <li
                  key={entry.position}
                  className="rounded-md border border-slate-200 px-3 py-2 text-sm"
                  data-testid="consent-entry"
                >
                  <p className="font-medium break-words text-slate-900">{title}</p>
                  <p className="text-xs break-words text-slate-600">
                    {formatDateTime(entry.at)} · {detail}
                  </p>
                  {text ? <p className="mt-1 text-xs break-words text-slate-500 italic">“{text}”</p> : null}
                </li>
              );
            })}
          </ol>
        )}
        {kind === 'application' ? null : <RecordChoice kind={kind} id={id} onRecorded={() => mutate()} />}
      </div>
    </DetailSection>
  );
}
