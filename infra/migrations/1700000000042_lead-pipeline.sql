-- Up Migration

-- The lead pipeline (issue 27 item 2): where each lead stands and what the team did on it.
-- Both tables are projections of the lead's stream (SlotReserved, LeadOwnerAssigned,
-- LeadStageMoved, LeadActivityLogged); a new checkpoint starts them from the log's beginning,
-- so the leads that exist get their rows on the first run.

-- One row per lead. Each update names the event's position and applies only past the row's
-- own, so a replayed event changes nothing.
CREATE TABLE lead_pipeline (
  lead_id uuid PRIMARY KEY,
  -- When the lead arrived (its SlotReserved): the 24 hours and the period metrics count from it.
  created_at timestamptz NOT NULL,
  stage text NOT NULL,
  -- A staff member's id, or 'unassigned'.
  owner_id text NOT NULL,
  stage_changed_at timestamptz NOT NULL,
  -- The first contact (a contact activity or a move to contacted or materials sent); never moves.
  first_contact_at timestamptz,
  last_activity_at timestamptz,
  -- When it first reached applied and paid (a paid lead has applied too): the funnel's steps.
  applied_at timestamptz,
  paid_at timestamptz,
  global_position bigint NOT NULL
);
-- The overdue leads: still new, oldest first.
CREATE INDEX lead_pipeline_new_idx ON lead_pipeline (created_at) WHERE stage = 'new';
CREATE INDEX lead_pipeline_owner_idx ON lead_pipeline (owner_id, stage);
CREATE INDEX lead_pipeline_created_idx ON lead_pipeline (created_at);

-- A lead's timeline: one row per event of its stream, never changed but by an erasure.
CREATE TABLE lead_timeline (
  lead_id uuid NOT NULL,
  global_position bigint NOT NULL,
  type text NOT NULL,
  at timestamptz NOT NULL,
  actor_kind text NOT NULL,
  actor_id text,
  activity text,
  -- The activity's text or the lost reason: the person's data, overwritten on erasure.
  text text,
  from_stage text,
  to_stage text,
  owner_id text,
  PRIMARY KEY (lead_id, global_position)
);

-- The notifier keeps each new lead among what waits (notifier_waiting), from its SlotReserved
-- until it first leaves new, with its owner in the details; the sweeper alerts the owner (or
-- the team when unassigned) once, when the 24 hours are up. Leads already followed are not
-- taken back from the log: the alert is about contact due now, not a backlog of old leads.
ALTER TABLE notifier_waiting DROP CONSTRAINT notifier_waiting_kind_check;
ALTER TABLE notifier_waiting ADD CONSTRAINT notifier_waiting_kind_check CHECK (kind IN ('payment', 'application', 'lead'));

-- Down Migration
DELETE FROM notifier_waiting WHERE kind = 'lead';
ALTER TABLE notifier_waiting DROP CONSTRAINT notifier_waiting_kind_check;
ALTER TABLE notifier_waiting ADD CONSTRAINT notifier_waiting_kind_check CHECK (kind IN ('payment', 'application'));
DROP TABLE lead_timeline;
DROP TABLE lead_pipeline;
