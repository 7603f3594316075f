import { ExternalLink, Mail, MessageCircle, Smartphone } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { buttonVariants } from '@/components/ui/button';
import type { MarketingMessage } from '../lib/marketing-messages';
import { CopyButton } from './copy-button';

const ICON = { whatsapp: MessageCircle, sms: Smartphone, email: Mail } as const;

function sendHref(message: MarketingMessage): string {
  const enc = encodeURIComponent;
  if (message.id === 'whatsapp') return `https://wa.me/?text=${enc(message.body)}`;
  if (message.id === 'sms') return `sms:?&body=${enc(message.body)}`;
  return `mailto:?subject=${enc(message.subject ?? '')}&body=${enc(message.body)}`;
}

/** One ready-to-send message: the text as it will be sent, a copy button and a way to open it in the app. */
export function MessageCard({ message }: { message: MarketingMessage }) {
  const Icon = ICON[message.id];
  const full = message.subject ? `Subject: ${message.subject}\n\n${message.body}` : message.body;
  return (
    <Card className="flex flex-col" data-testid={`message-${message.id}`}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg text-brand-950">
          <Icon className="size-5 text-brand-700" aria-hidden="true" />
          {message.title}
        </CardTitle>
        <CardDescription>{message.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4 pt-0">
        {message.subject ? (
          <p className="text-sm">
            <span className="text-slate-500">Subject: </span>
            <span className="font-medium text-slate-900">{message.subject}</span>
          </p>
        ) : null}
        {/* A long message scrolls in its box; the box takes focus so keyboards can scroll it too. */}
        <pre
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- axe scrollable-region-focusable
          tabIndex={0}
          className="max-h-72 flex-1 overflow-y-auto rounded-xl border border-slate-200 bg-stone-50 p-4 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800"
          data-testid="message-body"
        >
          {message.body}
        </pre>
        <div className="mt-auto flex flex-col gap-2">
          <CopyButton
            text={full}
            label="Copy message"
            successTitle="Message copied!"
            variant="primary"
            className="w-full"
            data-testid={`copy-message-${message.id}`}
          />
          <a
            href={sendHref(message)}
            target={message.id === 'whatsapp' ? '_blank' : undefined}
            rel="noopener noreferrer"
            className={buttonVariants({ variant: 'outline', className: 'w-full' })}
          >
            <ExternalLink aria-hidden="true" />
            {message.id === 'email' ? 'Open email draft' : message.id === 'sms' ? 'Open in messages' : 'Open WhatsApp'}
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
