-- Up Migration

-- The admin overview's weekly charts (issue 11) count rows per Lagos week (Monday to
-- Sunday). Indexed on the week itself, with the timestamp included, a count over the last
-- weeks is an index-only range scan in week order: no heap reads, no sort, however many
-- rows those weeks hold. timezone(text, timestamptz) is immutable, Lagos has no DST; the
-- query API writes the same expression (services/query-api/src/operations/charts-queries.ts).
CREATE INDEX leads_lagos_week_idx ON leads ((date_trunc('week', created_at AT TIME ZONE 'Africa/Lagos'))) INCLUDE (created_at);
CREATE INDEX subscriptions_lagos_week_idx ON subscriptions ((date_trunc('week', created_at AT TIME ZONE 'Africa/Lagos'))) INCLUDE (created_at);
CREATE INDEX payments_submitted_lagos_week_idx ON payments ((date_trunc('week', submitted_at AT TIME ZONE 'Africa/Lagos'))) INCLUDE (submitted_at);

-- Down Migration
DROP INDEX payments_submitted_lagos_week_idx;
DROP INDEX subscriptions_lagos_week_idx;
DROP INDEX leads_lagos_week_idx;
