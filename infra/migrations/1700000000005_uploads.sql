-- Up Migration

-- Uploaded objects (DESIGN 7). Not event-sourced: a file is storage, not a business
-- fact; the payment or application that cites its path is the fact. The server names
-- every object itself ('/objects/uploads/<uuid>').
-- Local disk: the row is written with the file, after its bytes were checked (status
-- 'stored'). S3: the browser PUTs straight to the bucket, so the row is written when
-- the URL is issued (status 'pending', no type or size yet) and the object is checked
-- on first use, which fills them in or deletes both.
CREATE TABLE uploaded_objects (
  object_path text PRIMARY KEY CHECK (object_path ~ '^/objects/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  -- 'user': owner_id is the user's uuid. 'visitor': owner_id is the SHA-256 of the
  -- visitor cookie, so a leaked table cannot be replayed as cookies.
  owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'visitor')),
  owner_id text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('payment-proof', 'passport-photo')),
  status text NOT NULL CHECK (status IN ('pending', 'stored')),
  content_type text CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer CHECK (size_bytes BETWEEN 1 AND 5242880),
  -- S3: the ETag of the bytes that were checked; reads are pinned to it (If-Match), so
  -- a second PUT to a still-valid URL cannot swap in unchecked bytes.
  storage_etag text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'pending' OR (content_type IS NOT NULL AND size_bytes IS NOT NULL))
);
CREATE INDEX uploaded_objects_owner_idx ON uploaded_objects (owner_kind, owner_id, created_at DESC);

-- Down Migration
DROP TABLE uploaded_objects;
