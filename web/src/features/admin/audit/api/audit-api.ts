import { AdminAuditLogResponseSchema, type AuditLogFilters } from '@acres/contracts/audit-log';
import { AdminLogIntegrityResponseSchema, LogIntegrityCheckSchema, type LogIntegrityCheck } from '@acres/contracts/log-integrity';
import { ADMIN_PAGE_SIZE } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { filenameFromContentDisposition } from '@/features/admin/leads/lib/csv-filename';
import { apiRequest } from '@/lib/api-client';
import { lagosDayIso } from '@acres/contracts/lagos-time';
import { saveDownloadedFile } from '@/lib/save-download';

export const ADMIN_AUDIT_LOG_PREFIX = '/api/admin/audit-log';

/** The Audit log tab's filters as the form holds them: '' is "any". */
export type AuditFilterState = { [K in keyof Required<AuditLogFilters>]: string };

export const EMPTY_AUDIT_FILTERS: AuditFilterState = {
  kind: '',
  actorKind: '',
  actor: '',
  subjectType: '',
  subjectId: '',
  from: '',
  to: '',
};

/** The filters as query parameters, the empty ones left out. */
export function auditFilterParams(filters: AuditFilterState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed) params.set(name, trimmed);
  }
  return params;
}

/** One page of the log, newest first: the first page, or the page a cursor from the last answer points at. */
export function adminAuditLogKey(filters: AuditFilterState, cursor?: string): string {
  const params = auditFilterParams(filters);
  params.set('limit', String(ADMIN_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `${ADMIN_AUDIT_LOG_PREFIX}?${params}`;
}

export function useAdminAuditLog(filters: AuditFilterState, cursor?: string) {
  return useAdminQuery(adminAuditLogKey(filters, cursor), AdminAuditLogResponseSchema);
}

/** GET …/export.csv with the same filters, saved under the server's file name. */
export async function downloadAuditCsv(authorization: string, filters: AuditFilterState): Promise<string> {
  const query = auditFilterParams(filters).toString();
  const res = await apiRequest('GET', `${ADMIN_AUDIT_LOG_PREFIX}/export.csv${query ? `?${query}` : ''}`, undefined, {
    headers: { authorization },
  });
  const blob = await res.blob();
  const filename = filenameFromContentDisposition(res.headers.get('content-disposition')) ?? `audit-log-${lagosDayIso()}.csv`;
  saveDownloadedFile(blob, filename);
  return filename;
}

export const ADMIN_LOG_INTEGRITY_KEY = `${ADMIN_AUDIT_LOG_PREFIX}/integrity`;

/** The latest run of the event log's verifier (the Audit tab's button, the hourly job or the command line). */
export function useAdminLogIntegrity() {
  return useAdminQuery(ADMIN_LOG_INTEGRITY_KEY, AdminLogIntegrityResponseSchema);
}

/** POST …/integrity/check: runs the check now, as the signed-in staff member; answers its result. */
export async function checkLogIntegrity(authorization: string): Promise<LogIntegrityCheck> {
  const res = await apiRequest('POST', `${ADMIN_LOG_INTEGRITY_KEY}/check`, {}, { headers: { authorization } });
  return LogIntegrityCheckSchema.parse(await res.json());
}
