import { type ApplicationStatus, type ApplicationStatusQuery, ApplicationStatusSchema } from '@acres/contracts';
import { apiJson } from '@/lib/api-client';

/** GET /api/subscriptions/status: a 404 when the number and the email do not name one application. */
export async function lookUpApplicationStatus(query: ApplicationStatusQuery): Promise<ApplicationStatus> {
  const params = new URLSearchParams({ applicationNumber: query.applicationNumber, email: query.email });
  return ApplicationStatusSchema.parse(await apiJson<unknown>('GET', `/api/subscriptions/status?${params}`));
}
