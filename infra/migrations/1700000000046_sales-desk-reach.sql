-- Up Migration

-- A lead's timeline shows what the lead did with the due-diligence room (issue 27): each
-- link sent or revoked, each view of its page and each download through it, beside the
-- team's own moves. The columns a room entry fills; the projection starts again from the
-- log's beginning (its checkpoint removed) so the links already sent get their rows.
ALTER TABLE lead_timeline
  ADD COLUMN materials text,
  ADD COLUMN link_id uuid,
  ADD COLUMN document_id uuid,
  ADD COLUMN document_version integer;
TRUNCATE lead_timeline;
DELETE FROM projection_checkpoints WHERE name = 'lead-timeline';

-- The notifier's address book knows staff members (key 'staff:<id>') from their stream: an
-- overdue lead is alerted to its owner, or while it has none to the sales role's members and
-- the owner. Role and whether they have joined (an invitation not yet accepted gets no alerts).
ALTER TABLE notifier_contacts
  ADD COLUMN staff_role text,
  ADD COLUMN staff_active boolean NOT NULL DEFAULT false;
CREATE INDEX notifier_contacts_staff_role_idx ON notifier_contacts (staff_role) WHERE staff_active;
-- The members who joined before the notifier followed their stream for this.
INSERT INTO notifier_contacts (key, email, name, staff_role, staff_active)
SELECT 'staff:' || staff_id, email_lower, display_name, role, status = 'active'
  FROM staff_accounts WHERE status <> 'removed'
ON CONFLICT (key) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name,
  staff_role = EXCLUDED.staff_role, staff_active = EXCLUDED.staff_active;

-- Down Migration
DELETE FROM notifier_contacts WHERE key LIKE 'staff:%';
DROP INDEX notifier_contacts_staff_role_idx;
ALTER TABLE notifier_contacts DROP COLUMN staff_active, DROP COLUMN staff_role;
ALTER TABLE lead_timeline DROP COLUMN document_version, DROP COLUMN document_id, DROP COLUMN link_id, DROP COLUMN materials;
