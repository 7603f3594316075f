-- Up Migration

-- Business settings (DESIGN 10, issue 12): one row per changed field of each
-- BusinessSettingsChanged event, from the settings stream. The rows are the admin's change
-- history (who, when, old → new); the latest row of each field is the current value.
CREATE TABLE business_settings_changes (
  global_position bigint NOT NULL,
  field text NOT NULL,
  changed_at timestamptz NOT NULL,
  source text NOT NULL CHECK (source IN ('admin', 'configuration')),
  changed_by text,
  from_value text,
  to_value text,
  PRIMARY KEY (global_position, field)
);
-- The current settings: the newest row of each field.
CREATE INDEX business_settings_changes_field_idx ON business_settings_changes (field, global_position DESC);

-- Down Migration
DROP TABLE business_settings_changes;
