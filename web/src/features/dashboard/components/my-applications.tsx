import { ApplicationStatusCard } from '@/components/application/application-status-card';
import { useMyApplications } from '../api/applications-api';

/** The dashboard's applications made with the signed-in account's email; nothing when there are none. */
export function MyApplications({ enabled }: { enabled: boolean }) {
  const { data } = useMyApplications(enabled);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="my-applications-title" className="flex flex-col gap-3" data-testid="my-applications">
      <h2 id="my-applications-title" className="text-lg font-bold text-brand-950">
        {data.length === 1 ? 'Your application' : 'Your applications'}
      </h2>
      {data.map((application) => (
        <ApplicationStatusCard key={application.applicationNumber} application={application} />
      ))}
    </section>
  );
}
