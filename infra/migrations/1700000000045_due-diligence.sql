-- Up Migration

-- The due-diligence room (issue 27, item 3).
-- Staff upload the package's documents like the other uploads: owner 'staff' (a digest of the
-- username), purpose 'due-diligence-document', a PDF as well as an image, up to 20 MB.
ALTER TABLE uploaded_objects DROP CONSTRAINT uploaded_objects_owner_kind_check;
ALTER TABLE uploaded_objects ADD CONSTRAINT uploaded_objects_owner_kind_check CHECK (owner_kind IN ('user', 'visitor', 'staff'));
ALTER TABLE uploaded_objects DROP CONSTRAINT uploaded_objects_purpose_check;
ALTER TABLE uploaded_objects ADD CONSTRAINT uploaded_objects_purpose_check
  CHECK (purpose IN ('payment-proof', 'passport-photo', 'due-diligence-document'));
ALTER TABLE uploaded_objects DROP CONSTRAINT uploaded_objects_content_type_check;
ALTER TABLE uploaded_objects ADD CONSTRAINT uploaded_objects_content_type_check
  CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'));
ALTER TABLE uploaded_objects DROP CONSTRAINT uploaded_objects_size_bytes_check;
ALTER TABLE uploaded_objects ADD CONSTRAINT uploaded_objects_size_bytes_check CHECK (size_bytes BETWEEN 1 AND 20971520);
-- Only a document may be a PDF or above 5 MB.
ALTER TABLE uploaded_objects ADD CONSTRAINT uploaded_objects_document_only_check
  CHECK (purpose = 'due-diligence-document' OR (content_type IS DISTINCT FROM 'application/pdf' AND coalesce(size_bytes, 0) <= 5242880));

-- Every version of every document (DueDiligenceDocumentUploaded); the newest is the current one.
CREATE TABLE dd_document_versions (
  document_id uuid NOT NULL,
  version integer NOT NULL,
  title text NOT NULL,
  category text NOT NULL,
  object_path text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  uploaded_at timestamptz NOT NULL,
  uploaded_by text NOT NULL,
  PRIMARY KEY (document_id, version)
);

-- What was done with the room, one row per event, keyed by its position so a replay is a
-- no-op: links sent and revoked (lead_id, link_id), views and downloads through a link, and
-- investors' downloads from their dashboard (user_id).
CREATE TABLE materials_activity (
  global_position bigint PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sent', 'revoked', 'viewed', 'downloaded')),
  at timestamptz NOT NULL,
  lead_id uuid,
  link_id uuid,
  user_id uuid,
  by_staff text,
  expires_at timestamptz,
  document_id uuid,
  version integer
);
CREATE INDEX materials_activity_lead_idx ON materials_activity (lead_id, global_position DESC);
CREATE INDEX materials_activity_link_idx ON materials_activity (link_id, kind);

-- The notifier's own note of the first document's position: a lead's confirmation promises the
-- package only when the room held a document before the lead reserved (a replay says the same).
CREATE TABLE notifier_package (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  first_document_position bigint NOT NULL
);

-- Down Migration
DROP TABLE notifier_package;
DROP TABLE materials_activity;
DROP TABLE dd_document_versions;
ALTER TABLE uploaded_objects DROP CONSTRAINT uploaded_objects_document_only_check;
