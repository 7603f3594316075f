import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

// A chunk of its own, fetched only on a dashboard.
const MessagePreferences = lazy(() => import('./message-preferences').then((module) => ({ default: module.MessagePreferences })));

const PLACEHOLDER = <div className="h-24 animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;

/** The signed-in investor's or affiliate's message preferences, per purpose and channel. */
export function MessagePreferencesCard({ className }: { className?: string }) {
  return (
    <Card className={cn('min-w-0', className)} data-testid="message-preferences-card">
      <CardHeader>
        <CardTitle>Message preferences</CardTitle>
        <CardDescription>Choose how we may send you news and offers. Each change is recorded.</CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={PLACEHOLDER}>
          <MessagePreferences />
        </Suspense>
      </CardContent>
    </Card>
  );
}
