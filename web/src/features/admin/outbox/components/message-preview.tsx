import type { OutboxMessage } from '@acres/contracts/notification';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@acres/contracts/lagos-time';
import { CHANNEL_LABELS } from './labels';

/** An email as the recipient's mail client shows it: its own HTML in a sandbox (no scripts, no same-origin access). */
function EmailPreview({ message }: { message: OutboxMessage }) {
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">To</dt>
        <dd className="break-all text-slate-900">{message.recipient}</dd>
        <dt className="text-slate-500">Subject</dt>
        <dd className="font-semibold text-slate-900" data-testid="outbox-preview-subject">
          {message.subject}
        </dd>
      </dl>
      {message.html ? (
        <iframe
          title={`Email to ${message.recipient}: ${message.subject ?? ''}`}
          sandbox=""
          srcDoc={message.html}
          className="h-[28rem] w-full rounded-md border border-slate-200 bg-white"
          data-testid="outbox-email-frame"
        />
      ) : (
        <pre className="rounded-md border border-slate-200 bg-white p-3 text-sm whitespace-pre-wrap">{message.text}</pre>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700">Plain-text version</summary>
        <pre className="mt-2 rounded-md border border-slate-200 bg-white p-3 whitespace-pre-wrap text-slate-800">
          {message.text}
        </pre>
      </details>
    </div>
  );
}

/** An SMS or WhatsApp message as a chat bubble on the recipient's phone. */
function PhonePreview({ message }: { message: OutboxMessage }) {
  const whatsapp = message.channel === 'whatsapp';
  return (
    <div className={cn('flex flex-col gap-2 rounded-xl p-4', whatsapp ? 'bg-[#e5ddd5]' : 'bg-slate-100')}>
      <p className="text-xs text-slate-700">
        {CHANNEL_LABELS[message.channel]} to <span className="font-mono">{message.recipient}</span>
      </p>
      <p
        className={cn(
          'max-w-[34ch] self-start rounded-2xl rounded-tl-sm px-3 py-2 text-sm whitespace-pre-wrap shadow-sm',
          whatsapp ? 'bg-white text-slate-900' : 'bg-white text-slate-900',
        )}
        data-testid="outbox-bubble"
      >
        {message.text}
      </p>
      <p className="text-xs text-slate-600">{formatDateTime(message.sentAt ?? message.createdAt)}</p>
    </div>
  );
}

export function MessagePreview({ message }: { message: OutboxMessage }) {
  return message.channel === 'email' ? <EmailPreview message={message} /> : <PhonePreview message={message} />;
}
