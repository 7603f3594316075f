import type { OutboxMessage } from '@acres/contracts/notification';
import { Mail, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/features/admin/shell/components/empty-state';
import { ListSkeleton } from '@/features/admin/shell/components/list-skeleton';
import { PanelError } from '@/features/admin/shell/components/panel-error';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@acres/contracts/lagos-time';
import { retryMessage, useAdminOutbox } from '../api/outbox-api';
import { CHANNEL_LABELS, describeDelivery, kindLabel, REFUSABLE_LABEL, STATUS_LABELS, STATUS_VARIANTS } from './labels';
import { MessagePreview } from './message-preview';
import { useAdminAction } from '@/features/admin/shell/api/use-admin-action';

function MessageList(props: {
  messages: readonly OutboxMessage[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="flex min-w-0 flex-col gap-1" aria-label="Messages, newest first" data-testid="outbox-list">
      {props.messages.map((message) => {
        const selected = message.id === props.selectedId;
        return (
          <li key={message.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => props.onSelect(message.id)}
              className={cn(
                'flex w-full min-w-0 flex-col gap-1 rounded-md border px-3 py-2 text-left text-sm',
                selected ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50',
              )}
              data-testid="outbox-item"
            >
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{CHANNEL_LABELS[message.channel]}</Badge>
                <Badge
                  variant={STATUS_VARIANTS[message.delivery]}
                  data-testid="outbox-status-badge"
                  data-delivery={message.delivery}
                >
                  {STATUS_LABELS[message.delivery]}
                </Badge>
                {message.purpose === 'marketing' ? <Badge variant="outline">{REFUSABLE_LABEL}</Badge> : null}
                <span className="font-medium text-slate-900">{kindLabel(message.kind)}</span>
              </span>
              <span className="w-full truncate text-slate-700">{message.subject ?? message.text}</span>
              <span className="w-full truncate text-xs text-slate-600">
                to {message.recipient} · {formatDateTime(message.createdAt)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function MessageDetails({ message, onRetried }: { message: OutboxMessage; onRetried: () => Promise<unknown> }) {
  const { pending: busy, start: retry } = useAdminAction({
    run: async (authorization) => {
      await retryMessage(authorization, message.id);
      return { title: 'Message queued again', description: 'It will be sent with the next delivery attempt.' };
    },
    after: onRetried,
    failed: (error) => ({ title: 'Retry failed', description: error instanceof Error ? error.message : String(error) }),
  });
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4 sm:p-6" data-testid="outbox-preview">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1 text-sm">
          <h3 className="text-base font-semibold text-brand-950">{kindLabel(message.kind)}</h3>
          {message.status === 'suppressed' ? (
            <p className="text-slate-700" data-testid="outbox-status">
              {STATUS_LABELS[message.delivery]} · {message.suppressedReason ?? 'Not sent.'}
            </p>
          ) : (
            <p className="text-slate-700" data-testid="outbox-status">
              {describeDelivery(message)} · {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
              {message.sentAt ? ` · ${message.delivery === 'held' ? 'written' : 'sent'} ${formatDateTime(message.sentAt)}` : null}
            </p>
          )}
          {message.lastError ? <p className="break-words text-red-800">Last error: {message.lastError}</p> : null}
        </div>
        {message.status === 'failed' ? (
          <Button size="sm" onClick={() => void retry()} disabled={busy} data-testid="outbox-retry">
            <RotateCw aria-hidden="true" className={cn(busy && 'animate-spin')} />
            {busy ? 'Retrying…' : 'Retry'}
          </Button>
        ) : null}
      </div>
      <MessagePreview message={message} />
    </Card>
  );
}

/** The Outbox tab: every message the notifier produced, shown as its recipient would see it. */
export function OutboxPanel() {
  const { data, error, mutate } = useAdminOutbox();
  const [selectedId, setSelectedId] = useState<string>();

  let body;
  if (error && !data) body = <PanelError what="the outbox" error={error} onRetry={() => void mutate()} />;
  else if (!data) body = <ListSkeleton rows={4} />;
  else if (data.messages.length === 0) {
    body = (
      <EmptyState icon={Mail} title="No messages yet" data-testid="outbox-empty">
        Confirmations and alerts appear here as leads, applications and payments arrive.
      </EmptyState>
    );
  } else {
    const selected = data.messages.find((message) => message.id === selectedId) ?? data.messages[0]!;
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <MessageList messages={data.messages} selectedId={selected.id} onSelect={setSelectedId} />
        <MessageDetails message={selected} onRetried={() => mutate()} />
      </div>
    );
  }
  return (
    <section aria-labelledby="outbox-title" className="flex flex-col gap-4" data-testid="outbox-panel">
      <div className="flex flex-col gap-1">
        <h2 id="outbox-title" className="text-lg font-semibold text-brand-950">
          Outbox
        </h2>
        <p className="text-sm text-slate-600">
          {data
            ? `${data.total.toLocaleString('en-NG')} messages; the newest ${data.messages.length} shown.`
            : 'Messages sent by email, SMS and WhatsApp.'}
        </p>
      </div>
      {body}
    </section>
  );
}
