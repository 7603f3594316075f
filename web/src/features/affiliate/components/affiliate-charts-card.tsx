import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/problem';
import { useAffiliateCharts } from '../api/charts-api';

// The charting code is a chunk of its own, fetched only on the dashboard.
const AffiliateCharts = lazy(() => import('./affiliate-charts').then((module) => ({ default: module.AffiliateCharts })));

const PLACEHOLDER = <div className="h-64 animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;

/** Referred leads and commission per month, as charts with their tables. */
export function AffiliateChartsCard({ className }: { className?: string }) {
  const { data, error } = useAffiliateCharts(true);
  return (
    <Card className={cn('min-w-0', className)} data-testid="affiliate-charts">
      <CardHeader>
        <CardTitle>Your months</CardTitle>
        <CardDescription>Referred leads and verified commission over the last year.</CardDescription>
      </CardHeader>
      <CardContent>
        {data ? (
          <Suspense fallback={PLACEHOLDER}>
            <AffiliateCharts charts={data} />
          </Suspense>
        ) : error ? (
          <p className="text-sm text-red-700" role="alert">
            Could not load the charts. {describeError(error)}
          </p>
        ) : (
          PLACEHOLDER
        )}
      </CardContent>
    </Card>
  );
}
