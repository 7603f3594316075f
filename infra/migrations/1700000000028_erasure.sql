-- Up Migration

-- Erasure by crypto-shredding (issue 14 item 2): an erased subject's personal columns read
-- 'erased' (ERASED in @acres/contracts/personal-data), both after the projections' SubjectErased
-- handlers and after a full rebuild, where the protected event store gives 'erased' for every
-- sealed field of an erased subject.

-- Two erased users or applicants would both read 'erased': one email each still, but not the erased.
DROP INDEX users_email_lower_idx;
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email)) WHERE email <> 'erased';
DROP INDEX subscriptions_email_lower_idx;
CREATE UNIQUE INDEX subscriptions_email_lower_idx ON subscriptions (lower(email)) WHERE email <> 'erased';

-- A date of birth is personal data: once erased it reads 'erased', which a date column cannot hold.
ALTER TABLE subscriptions ALTER COLUMN date_of_birth TYPE text USING to_char(date_of_birth, 'YYYY-MM-DD');

-- Down Migration
ALTER TABLE subscriptions ALTER COLUMN date_of_birth TYPE date USING NULLIF(date_of_birth, 'erased')::date;
DROP INDEX subscriptions_email_lower_idx;
CREATE UNIQUE INDEX subscriptions_email_lower_idx ON subscriptions (lower(email));
DROP INDEX users_email_lower_idx;
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));
