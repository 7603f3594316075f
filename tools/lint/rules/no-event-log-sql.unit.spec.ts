import { describe, expect, it } from 'vitest';
import { EVENTS_TABLE_SQL as pattern } from './no-event-log-sql.js';

describe('the lint rule against SQL on the events table', () => {
  it.each([
    'SELECT type, data FROM events WHERE stream_id = $1',
    'select count(*) from "events" e',
    'SELECT 1 FROM leads l JOIN events ON true',
    'UPDATE events SET data = $1',
    'INSERT INTO events (global_position) VALUES ($1)',
    'DELETE FROM events WHERE true',
    'TRUNCATE events',
    'SELECT max(global_position) FROM public.events',
    'SELECT max(global_position)\n    FROM\n  EVENTS',
  ])('finds %j', (sql) => expect(pattern.test(sql)).toBe(true));

  it.each([
    'SELECT * FROM event_streams',
    'SELECT * FROM events_by_day',
    'read the events from the log through the port',
    'Parked events (projection_dead_letters)',
    'the projections past the events from events-log',
  ])('leaves %j alone', (text) => expect(pattern.test(text)).toBe(false));
});
