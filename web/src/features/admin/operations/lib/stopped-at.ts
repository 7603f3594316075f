import { formatDateTime } from '@acres/contracts/lagos-time';
import type { ProjectionStatus } from '../api/operations-api';

/** ' at 28 Nov 2026, 14:30 WAT': when a projection stopped, in Lagos time; the log's position stays in the request, off the screen. */
export const stoppedAt = (row: Pick<ProjectionStatus, 'failedAt'>) => (row.failedAt ? ` at ${formatDateTime(row.failedAt)}` : '');
