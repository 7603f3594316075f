import { DOCUMENT_CATEGORIES, type AdminDocument, type RoomDocument } from '@acres/contracts/documents-reads';
import type { LeadMaterials, MaterialsActivity, MaterialsLink } from '@acres/contracts/materials';
import type { Queryable } from '@acres/platform';
import { DD_DOCUMENTS, toAdminDocuments, toRoomDocument, type DocumentVersionRow } from './documents.ts';
import { MATERIALS_ACTIVITY, type MaterialsActivityRow } from './materials-activity.ts';

const VERSION_COLUMNS = `document_id, version, title, category, object_path, content_type, size_bytes, uploaded_at, uploaded_by`;
// The package's order (SPEC 9), then by title.
const PACKAGE_ORDER = `array_position($1::text[], category), title, document_id`;

/** GET /api/admin/documents: every document in the package's order, each with its versions newest first. */
export const listAdminDocuments = async (db: Queryable): Promise<AdminDocument[]> => {
  const { rows } = await db.query<DocumentVersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM ${DD_DOCUMENTS.table} ORDER BY ${PACKAGE_ORDER}, version DESC`,
    [DOCUMENT_CATEGORIES],
  );
  return toAdminDocuments(rows);
};

/** The room as recipients see it: each document's current version, in the package's order. */
export const listRoomDocuments = async (db: Queryable): Promise<RoomDocument[]> => {
  const { rows } = await db.query<DocumentVersionRow>(
    `SELECT * FROM (SELECT DISTINCT ON (document_id) ${VERSION_COLUMNS} FROM ${DD_DOCUMENTS.table}
       ORDER BY document_id, version DESC) AS current ORDER BY ${PACKAGE_ORDER}`,
    [DOCUMENT_CATEGORIES],
  );
  return rows.map(toRoomDocument);
};

/** Whether any document has been uploaded: the copy that promises the package depends on it. */
export const hasRoomDocuments = async (db: Queryable): Promise<boolean> => {
  const { rows } = await db.query(`SELECT 1 FROM ${DD_DOCUMENTS.table} LIMIT 1`);
  return rows.length > 0;
};

export type MaterialsLinkState = { linkId: string; leadId: string; expiresAt: Date; revokedAt: Date | null };

/** A link as sent and, if so, revoked; null for a link never sent. */
export const findMaterialsLink = async (db: Queryable, linkId: string): Promise<MaterialsLinkState | null> => {
  const { rows } = await db.query<Pick<MaterialsActivityRow, 'kind' | 'at' | 'lead_id' | 'expires_at'>>(
    `SELECT kind, at, lead_id, expires_at FROM ${MATERIALS_ACTIVITY.table} WHERE link_id = $1 AND kind IN ('sent', 'revoked')`,
    [linkId],
  );
  const sent = rows.find((row) => row.kind === 'sent');
  if (!sent?.lead_id || !sent.expires_at) return null;
  const revoked = rows.find((row) => row.kind === 'revoked');
  return { linkId, leadId: sent.lead_id, expiresAt: sent.expires_at, revokedAt: revoked?.at ?? null };
};

type ActivityRow = MaterialsActivityRow & { document_title: string | null };

const toLinks = (rows: readonly ActivityRow[], now: Date): MaterialsLink[] =>
  rows
    .filter((row) => row.kind === 'sent')
    .map((sent) => {
      const ofLink = rows.filter((row) => row.link_id === sent.link_id);
      const revoked = ofLink.find((row) => row.kind === 'revoked');
      const expiresAt = sent.expires_at!;
      return {
        linkId: sent.link_id!,
        sentAt: sent.at.toISOString(),
        sentBy: sent.by_staff ?? '',
        expiresAt: expiresAt.toISOString(),
        revokedAt: revoked?.at.toISOString() ?? null,
        revokedBy: revoked?.by_staff ?? null,
        status: revoked ? 'revoked' : expiresAt.getTime() <= now.getTime() ? 'expired' : 'active',
        views: ofLink.filter((row) => row.kind === 'viewed').length,
        downloads: ofLink.filter((row) => row.kind === 'downloaded').length,
      };
    });

const toActivity = (row: ActivityRow): MaterialsActivity => ({
  at: row.at.toISOString(),
  kind: row.kind,
  linkId: row.link_id!,
  by: row.by_staff,
  documentTitle: row.document_title,
});

/** GET /api/admin/leads/:id/materials: the lead's links and everything done with them, newest first. */
export const readLeadMaterials = async (db: Queryable, leadId: string, now: Date): Promise<LeadMaterials> => {
  const { rows } = await db.query<ActivityRow>(
    `SELECT a.global_position::text AS global_position, a.kind, a.at, a.lead_id, a.link_id, a.user_id, a.by_staff,
            a.expires_at, a.document_id, a.version, v.title AS document_title
       FROM ${MATERIALS_ACTIVITY.table} a
       LEFT JOIN ${DD_DOCUMENTS.table} v ON v.document_id = a.document_id AND v.version = a.version
      WHERE a.lead_id = $1
      ORDER BY a.global_position DESC`,
    [leadId],
  );
  return { links: toLinks(rows, now), activity: rows.map(toActivity) };
};
