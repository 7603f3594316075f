import { AdminLeadsResponseSchema, CommandAcceptedSchema, LeadTimelineResponseSchema, type LeadStage } from '@acres/contracts';
import { type AdminPage, adminPageParams, recordPath, sendAdminCommand } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { apiRequest } from '@/lib/api-client';
import { fallbackLeadsFilename, filenameFromContentDisposition } from '../lib/csv-filename';
import { saveDownloadedFile } from '@/lib/save-download';

/** The Leads tab's pipeline filters: one stage or all, one owner or any, overdue only or not. */
export type LeadFilters = { stage?: LeadStage | 'all'; owner?: string; overdue?: boolean };

export function adminLeadsKey({
  offset,
  cursor,
  search,
  stage,
  owner,
  overdue,
}: AdminPage & { search: string } & LeadFilters): string {
  const params = adminPageParams(offset, cursor);
  const term = search.trim();
  if (term) params.set('search', term);
  if (stage && stage !== 'all') params.set('stage', stage);
  if (owner?.trim()) params.set('owner', owner.trim());
  if (overdue) params.set('overdue', 'true');
  return `/api/admin/leads?${params}`;
}

export function useAdminLeads(query: AdminPage & { search: string } & LeadFilters) {
  return useAdminQuery(adminLeadsKey(query), AdminLeadsResponseSchema);
}

/** The most urgent leads first: the overdue ones, shown above the list whatever it is filtered by. */
export const OVERDUE_LEADS_KEY = '/api/admin/leads?overdue=true&limit=20';

export function useOverdueLeads(enabled: boolean) {
  return useAdminQuery(enabled ? OVERDUE_LEADS_KEY : null, AdminLeadsResponseSchema);
}

export const leadTimelineKey = (leadId: string) => recordPath('/api/admin/leads', leadId, 'timeline');

export function useLeadTimeline(leadId: string) {
  return useAdminQuery(leadTimelineKey(leadId), LeadTimelineResponseSchema);
}

/** Every read a pipeline command changes: the lists, the overdue strip, the timelines and the overview's figures. */
export const isLeadsKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/admin/leads');

export type LeadAction = 'owner' | 'stage' | 'activities';

/** POST /api/admin/leads/{id}/{owner|stage|activities} with the admin's Basic header. */
export function sendLeadCommand(authorization: string, leadId: string, action: LeadAction, body: unknown) {
  return sendAdminCommand(authorization, 'POST', recordPath('/api/admin/leads', leadId, action), body, CommandAcceptedSchema);
}

/**
 * Fetches the CSV with the Basic header (a plain link could not carry it) and hands it
 * to the browser as a download under the server's file name.
 */
export async function downloadLeadsCsv(authorization: string, search = ''): Promise<string> {
  const query = search ? `?${new URLSearchParams({ search }).toString()}` : '';
  const res = await apiRequest('GET', `/api/admin/leads/export.csv${query}`, undefined, { headers: { authorization } });
  const blob = await res.blob();
  const filename = filenameFromContentDisposition(res.headers.get('content-disposition')) ?? fallbackLeadsFilename();
  saveDownloadedFile(blob, filename);
  return filename;
}
