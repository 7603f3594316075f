import { Link2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { buildShareTargets } from '../lib/share-links';
import { CopyButton } from './copy-button';
import { SHARE_LOOK } from './share-icons';

/** The referral link with its copy button and the five share buttons (SPEC 2). */
export function ReferralLinkCard({ link, code, className }: { link: string; code: string; className?: string }) {
  const targets = buildShareTargets(link);
  return (
    <Card className={cn('overflow-hidden', className)} data-testid="referral-link-card">
      <CardHeader className="border-b border-slate-100 bg-gradient-to-br from-white to-gold-50/60 pb-4">
        <CardTitle className="flex items-center gap-2 text-xl text-brand-950">
          <Link2 className="size-5 text-gold-600" aria-hidden="true" />
          Your referral link
        </CardTitle>
        <CardDescription>
          Visitors who arrive through it are counted for you for 30 days. Your code is{' '}
          <span className="font-mono font-semibold text-slate-900" data-testid="referral-code">
            {code}
          </span>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5 pt-5">
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="referral-link" className="sr-only">
            Referral link
          </label>
          <Input
            id="referral-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-sm"
            data-testid="referral-link"
          />
          <CopyButton
            text={link}
            label="Copy link"
            copiedLabel="Copied!"
            variant="primary"
            className="sm:w-36"
            data-testid="copy-referral-link"
          />
        </div>
        <div>
          <p className="mb-2 text-sm font-medium text-slate-700">Share on</p>
          <ul className="flex flex-wrap gap-2">
            {targets.map((target) => {
              const { Icon, className: look } = SHARE_LOOK[target.id];
              return (
                <li key={target.id}>
                  <a
                    href={target.href}
                    target={target.id === 'email' ? undefined : '_blank'}
                    rel="noopener noreferrer"
                    aria-label={`Share on ${target.label}`}
                    data-testid={`share-${target.id}`}
                    className={cn(
                      'inline-flex h-10 items-center gap-2 rounded-lg px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500',
                      look,
                    )}
                  >
                    <Icon className="size-4" />
                    {target.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
