import { lazy, Suspense } from 'react';
import { useAdminCharts } from '../api/charts-api';

// The charting code is a chunk of its own, fetched only once the admin is signed in.
const AdminCharts = lazy(() => import('./admin-charts').then((module) => ({ default: module.AdminCharts })));

function ChartsPlaceholder() {
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3 lg:gap-4" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <div key={index} className="h-72 animate-pulse rounded-2xl border border-slate-200 bg-white" />
      ))}
    </div>
  );
}

/** The Overview tab: leads, applications, payments and the allocation over the last weeks (the lead figures sit under the leads list). */
export function AdminChartsSection() {
  const { data, error } = useAdminCharts();
  // A failed read has its toast (useAdminQuery); the other tabs stay usable.
  if (error && !data) return null;
  return (
    <section aria-label="Overview charts" data-testid="admin-charts">
      {data ? (
        <Suspense fallback={<ChartsPlaceholder />}>
          <AdminCharts charts={data} />
        </Suspense>
      ) : (
        <ChartsPlaceholder />
      )}
    </section>
  );
}
