import type { Queryable } from '@acres/platform/db';

/**
 * The stream of an application, from its id. The stream is keyed by the applicant's email
 * (one application per email), but the admin addresses the application by id: the event log
 * itself answers which stream holds that id's submission (an index on the submission's
 * applicationId, migration 014). The command still decides from that stream alone.
 */
export const findApplicationStream = async (db: Queryable, applicationId: string): Promise<string | null> => {
  const { rows } = await db.query<{ stream_id: string }>(
    `SELECT stream_id FROM events WHERE type = 'ApplicationSubmitted' AND data ->> 'applicationId' = $1 LIMIT 1`,
    [applicationId],
  );
  return rows[0]?.stream_id ?? null;
};
