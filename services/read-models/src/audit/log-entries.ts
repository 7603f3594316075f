import { describeLogCheck } from '@acres/contracts/log-integrity';
import { auditEntry } from './entry.ts';

/** The log as a whole is the subject: every check lists under it. */
export const EVENT_LOG_SUBJECT = 'event-log';

export const logIntegrityChecked = auditEntry('LogIntegrityChecked', 'log.integrity-checked', (data) => ({
  at: data.checkedAt,
  actor: ['admin', data.checkedBy],
  subject: ['log', EVENT_LOG_SUBJECT],
  summary: `Checked the records: ${describeLogCheck(data)}`,
}));
