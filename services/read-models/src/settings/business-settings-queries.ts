import type { AdminSettings, DeliveryChannels, PublicSettings } from '@acres/contracts/settings-reads';
import { toBusinessTerms, toPublicSettings, type BusinessTerms } from '@acres/contracts/settings-reads';
import type { Queryable } from '@acres/platform';
import { hasRoomDocuments } from '../documents/documents-queries.ts';
import { BUSINESS_SETTINGS, toBusinessSettings, toSettingsHistory, type BusinessSettingsChangeRow } from './business-settings.ts';

/** The admin sees the newest changes first; older ones stay in the event log. */
export const SETTINGS_HISTORY_LIMIT = 100;

const readCurrent = async (db: Queryable) => {
  const { rows } = await db.query<Pick<BusinessSettingsChangeRow, 'field' | 'to_value'>>(
    `SELECT DISTINCT ON (field) field, to_value FROM ${BUSINESS_SETTINGS.table} ORDER BY field, global_position DESC`,
  );
  return toBusinessSettings(rows);
};

/** The business terms in force: what the allocation and the charts measure against. */
export const readBusinessTerms = async (db: Queryable): Promise<BusinessTerms> => toBusinessTerms(await readCurrent(db));

/** GET /api/settings: contacts, office hours, the escrow account once it is whole, the channels that deliver and whether the package can be sent. */
export const readPublicSettings = async (db: Queryable, channels: DeliveryChannels): Promise<PublicSettings> =>
  toPublicSettings(await readCurrent(db), channels, await hasRoomDocuments(db));

/** GET /api/admin/settings: the settings and who changed what, when, newest first. */
export const readAdminSettings = async (db: Queryable): Promise<AdminSettings> => {
  const [settings, history] = await Promise.all([
    readCurrent(db),
    db.query<BusinessSettingsChangeRow>(
      `SELECT global_position::text AS global_position, field, changed_at, source, changed_by, from_value, to_value
         FROM ${BUSINESS_SETTINGS.table}
        WHERE global_position IN (
          SELECT DISTINCT global_position FROM ${BUSINESS_SETTINGS.table} ORDER BY global_position DESC LIMIT $1)
        ORDER BY global_position DESC`,
      [SETTINGS_HISTORY_LIMIT],
    ),
  ]);
  return { settings, history: toSettingsHistory(history.rows) };
};
