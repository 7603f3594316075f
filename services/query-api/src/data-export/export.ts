// One subject's export, read in one snapshot: the log's head, the events up to it and the
// read-model rows are of the same moment, and data.json names that position.

import type { DataExportQuery } from '@acres/contracts/data-export';
import type { Pool } from '@acres/platform';
import { readLogHead, type EventLog } from '../shared/as-of/event-log.ts';
import { readInSnapshot } from '../shared/as-of/snapshot.ts';
import { readAdminSettings } from '@acres/read-models/business-settings-queries';
import { readSubjectEvents, type ExportedEvent } from './events.ts';
import { readSubjectFiles, wantedFiles, type ExportedFile, type ObjectReader } from './files.ts';
import { readSubjectRecords, type SubjectRecords } from './records.ts';
import { collectSubjects, subjectIdsOf, type SubjectSet } from './subjects.ts';

export const DATA_EXPORT_FORMAT = 'acres-data-export/1';

// Consent given on a form, and every opt-out and opt-in since, as the log recorded them.
const CONSENT_EVENT = /Consent|OptedOut|OptedIn/;

export type DataExport = {
  format: typeof DATA_EXPORT_FORMAT;
  requested: DataExportQuery;
  takenAt: string;
  asOfPosition: string;
  subjects: Omit<SubjectSet, 'requested'> & {
    /** The ids their personal fields are sealed under in the log. */
    keyHolders: string[];
  };
  readModels: Omit<SubjectRecords, 'messages' | 'optOuts' | 'contacts'>;
  messages: SubjectRecords['messages'];
  /** The notifier's own copy of their name and addresses, kept to write to them. */
  notifierContacts: SubjectRecords['contacts'];
  consent: { events: ExportedEvent[]; optOuts: SubjectRecords['optOuts'] };
  events: ExportedEvent[];
  files: Omit<ExportedFile, 'bytes'>[];
  /** Where to ask for a correction or erasure (the business settings' contact email, if set). */
  contactEmail: string | null;
};

const subjectsOf = ({ requested: _requested, ...subjects }: SubjectSet): DataExport['subjects'] => ({
  ...subjects,
  keyHolders: subjectIdsOf(subjects),
});

export const buildDataExport = async (options: {
  pool: Pool;
  subject: DataExportQuery;
  log: EventLog;
  objects: ObjectReader | undefined;
  now: Date;
}): Promise<{ data: DataExport; files: ExportedFile[] }> => {
  const read = await readInSnapshot(options.pool, async (db) => {
    const set = await collectSubjects(db, options.subject);
    const position = await readLogHead(options.log);
    const events = await readSubjectEvents(options.log, { set, position });
    // An account's messages are those to the addresses it proved; a record no account vouches
    // for has none, so it gets the messages its own events caused (its confirmation) instead.
    const ownPositions = set.userIds.length === 0 ? events.map((event) => event.position) : [];
    const records = await readSubjectRecords(db, set, ownPositions);
    const { settings } = await readAdminSettings(db);
    return { set, position, records, events, contactEmail: settings.contactEmail ?? null };
  });
  const files = await readSubjectFiles(wantedFiles(read.records), options.objects);
  const { messages, optOuts, contacts, ...readModels } = read.records;
  const data: DataExport = {
    format: DATA_EXPORT_FORMAT,
    requested: options.subject,
    takenAt: options.now.toISOString(),
    asOfPosition: read.position.toString(),
    subjects: subjectsOf(read.set),
    readModels,
    messages,
    notifierContacts: contacts,
    consent: { events: read.events.filter((event) => CONSENT_EVENT.test(event.type)), optOuts },
    events: read.events,
    files: files.map(({ bytes: _bytes, ...file }) => file),
    contactEmail: read.contactEmail,
  };
  return { data, files };
};
