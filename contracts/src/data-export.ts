// Access and portability (issue 14, item 3): everything the platform holds about one data
// subject, as one ZIP with data.json, summary.html and files/. The signed-in investor or
// affiliate asks for their own; the admin for any lead, application, user or affiliate.

import { z } from 'zod';

export const DATA_EXPORT_ROUTE = '/api/me/data-export';
export const ADMIN_DATA_EXPORT_ROUTE = '/api/admin/data-export';

export const DATA_EXPORT_KINDS = ['lead', 'application', 'user', 'affiliate'] as const;
export type DataExportKind = (typeof DATA_EXPORT_KINDS)[number];

export const DATA_EXPORT_MESSAGES = {
  kind: `kind must be one of ${DATA_EXPORT_KINDS.join(', ')}`,
  id: 'id must be a UUID',
  notFound: 'No such data subject',
} as const;

export const DataExportQuerySchema = z.object({
  kind: z.enum(DATA_EXPORT_KINDS, { error: DATA_EXPORT_MESSAGES.kind }),
  id: z.uuid({ error: DATA_EXPORT_MESSAGES.id }),
});
export type DataExportQuery = z.infer<typeof DataExportQuerySchema>;

/** The downloaded file's name: who (kind and the id's first block) and the day it was taken (UTC). */
export const dataExportFileName = (subject: DataExportQuery, takenAt: Date) =>
  `acres-data-${subject.kind}-${subject.id.slice(0, 8)}-${takenAt.toISOString().slice(0, 10)}.zip`;

/** The names of the entries every export holds (files/ follows them). */
export const DATA_EXPORT_ENTRIES = { data: 'data.json', summary: 'summary.html', files: 'files/' } as const;
