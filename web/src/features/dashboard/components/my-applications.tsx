import type { ApplicationStatus } from '@acres/contracts';
import { ApplicationStatusCard } from '@/components/application/application-status-card';
import type { Holdings } from '../lib/holdings';

/** The dashboard's applications made with the signed-in account's email; nothing when there are none. */
export function MyApplications({
  applications,
  holdings,
}: {
  applications: readonly ApplicationStatus[] | undefined;
  holdings: Holdings;
}) {
  if (!applications || applications.length === 0) return null;
  return (
    <section aria-labelledby="my-applications-title" className="flex flex-col gap-3" data-testid="my-applications">
      <h2 id="my-applications-title" className="text-lg font-bold text-brand-950">
        {applications.length === 1 ? 'Your application' : 'Your applications'}
      </h2>
      {applications.map((application) => (
        <ApplicationStatusCard
          key={application.applicationNumber}
          application={application}
          payments={{ reviewAcres: holdings.reviewAcres, outstandingAcres: holdings.outstandingAcres }}
        />
      ))}
    </section>
  );
}
