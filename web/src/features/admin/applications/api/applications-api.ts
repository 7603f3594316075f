import {
  type AdminApplication,
  AdminApplicationsResponseSchema,
  type ApplicationDecided,
  ApplicationDecidedSchema,
  type ApproveApplicationRequest,
  type RejectApplicationRequest,
  type SubscriptionStatus,
} from '@acres/contracts';
import { ADMIN_CHARTS_KEY, ADMIN_COUNTERS_KEY, type AdminPage, adminPageParams } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { filenameFromContentDisposition } from '@/features/admin/leads/lib/csv-filename';
import { apiRequest } from '@/lib/api-client';
import { lagosDayIso } from '@acres/contracts/lagos-time';
import { saveDownloadedFile } from '@/lib/save-download';
import { sendAdminCommand } from '@/features/admin/shell/api/admin-client';
import { useRefreshMatching } from '@/features/admin/shell/api/use-admin-query';

/** The Applications tab's filter: every application, or one status. */
export type ApplicationFilter = 'all' | SubscriptionStatus;

export const ADMIN_SUBSCRIPTIONS_PREFIX = '/api/admin/subscriptions';

function filterParams(params: URLSearchParams, status: ApplicationFilter): URLSearchParams {
  if (status !== 'all') params.set('status', status);
  return params;
}

/** Starts with '/api/admin/subscriptions' so the application wizard's refresh after a submit reaches it. */
export function adminSubscriptionsKey({ offset, cursor, status = 'all' }: AdminPage & { status?: ApplicationFilter }): string {
  return `${ADMIN_SUBSCRIPTIONS_PREFIX}?${filterParams(adminPageParams(offset, cursor), status)}`;
}

export function useAdminSubscriptions(query: AdminPage & { status: ApplicationFilter }) {
  return useAdminQuery(adminSubscriptionsKey(query), AdminApplicationsResponseSchema);
}

/** What a decision changes on screen: the application lists, the counters and the charts. */
export function isApplicationDecisionKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    (key.startsWith(ADMIN_SUBSCRIPTIONS_PREFIX) || key === ADMIN_COUNTERS_KEY || key === ADMIN_CHARTS_KEY)
  );
}

export function useRefreshAfterApplicationDecision(): () => Promise<unknown> {
  return useRefreshMatching(isApplicationDecisionKey);
}

export type ApplicationDecisionRequest =
  { status: 'approved'; body: ApproveApplicationRequest } | { status: 'rejected'; body: RejectApplicationRequest };

/**
 * POST /api/admin/subscriptions/{id}/approve or /reject. The answer's position is remembered
 * by the api-client, so the refresh that follows waits until the list shows the decision.
 */
export async function decideApplication(
  authorization: string,
  application: Pick<AdminApplication, 'id'>,
  request: ApplicationDecisionRequest,
): Promise<ApplicationDecided> {
  const action = request.status === 'approved' ? 'approve' : 'reject';
  const url = `${ADMIN_SUBSCRIPTIONS_PREFIX}/${encodeURIComponent(application.id)}/${action}`;
  return sendAdminCommand(authorization, 'POST', url, request.body, ApplicationDecidedSchema);
}

/**
 * Fetches the filtered applications' CSV with the Basic header (a plain link could not carry
 * it) and hands it to the browser as a download under the server's file name.
 */
export async function downloadApplicationsCsv(authorization: string, status: ApplicationFilter): Promise<string> {
  const params = filterParams(new URLSearchParams(), status);
  const query = params.size > 0 ? `?${params}` : '';
  const res = await apiRequest('GET', `${ADMIN_SUBSCRIPTIONS_PREFIX}/export.csv${query}`, undefined, {
    headers: { authorization },
  });
  const blob = await res.blob();
  const filename = filenameFromContentDisposition(res.headers.get('content-disposition')) ?? `applications-${lagosDayIso()}.csv`;
  saveDownloadedFile(blob, filename);
  return filename;
}
