// Business settings (DESIGN 10): each BusinessSettingsChanged event becomes one row per
// changed field, keyed by the event's position and the field, so a replay is a no-op and
// rows are only ever added (the table and its row: @acres/read-models/business-settings).

import type { RecordedEvent } from '@acres/eventstore/port';
import { BUSINESS_SETTINGS, BUSINESS_SETTINGS_COLUMNS, type BusinessSettingsChangeRow } from './business-settings.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import { defineInsertOnlyProjection } from '../shared/projection/insert-only-projection.ts';
import { parseEventData, type Projection } from '../shared/projection/projection.ts';
import type { ProjectionTarget } from '../shared/projection/define-projection.ts';

type ChangeRow = RowToWrite<BusinessSettingsChangeRow>;

const toRows = (event: RecordedEvent): ChangeRow[] => {
  const data = parseEventData('BusinessSettingsChanged', event);
  return data.changes.map((change) => ({
    global_position: event.globalPosition.toString(),
    field: change.field,
    changed_at: data.changedAt,
    source: data.source,
    changed_by: data.changedBy,
    from_value: change.from,
    to_value: change.to,
  }));
};

export const createBusinessSettingsProjection = (target: ProjectionTarget = {}): Projection =>
  defineInsertOnlyProjection({
    model: BUSINESS_SETTINGS,
    target,
    handles: ['BusinessSettingsChanged'],
    columns: BUSINESS_SETTINGS_COLUMNS,
    key: ['global_position', 'field'],
    toRows,
  });
