// Seeds a large mixed log straight into the events table in the PostgreSQL adapter's
// format (seeding is setup, not the measurement): positions are the transaction's base
// position (xid × 65536) plus the index within the transaction, so each transaction
// holds at most 65,536 events, and the log stays in the order a reader must see it.
//
// Every 10 events are one unit, in an order every projection accepts: 4 leads, an
// application, a user registered, the email claimed, a payment submitted, the profile
// updated, the payment approved (or, every third unit, rejected).

import { PROJECT_ID } from '@acres/contracts/constants';
import { parseEvent } from '@acres/contracts/events';
import { createPool, withTransaction } from '@acres/platform';
import { createPostgresEventStore } from '@acres/eventstore';

const CHUNK = 50_000;

// A stable id per unit that z.uuid() accepts: md5 with the version (4) and variant (8) digits set.
const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

const TIMESTAMP = `to_char(timestamptz '2025-01-01 00:00:00+00' + make_interval(secs => g), 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const META = (actor: string) =>
  `jsonb_build_object('correlationId', gen_random_uuid(), 'causationId', NULL, 'actor', ${actor}, 'schemaVersion', 1, 'occurredAt', ${TIMESTAMP})`;
const VISITOR = `jsonb_build_object('kind', 'visitor', 'id', NULL)`;
const USER = `jsonb_build_object('kind', 'user', 'id', ${uuidOf("'user' || u")})`;
const ADMIN = `jsonb_build_object('kind', 'admin', 'id', 'admin')`;

// $1 = first global index of the chunk, $2 = last; position = base + (g - $1).
const insert = (where: string, columns: string) => `
  INSERT INTO events (global_position, stream_id, stream_position, event_id, type, data, metadata)
  SELECT event_store_position_base() + (g - $1::bigint), ${columns}
    FROM (SELECT g, g / 10 AS u, g % 10 AS k, (g / 10) * 4 + g % 10 AS n, gen_random_uuid() AS id
            FROM generate_series($1::bigint, $2::bigint) AS g) AS s
   WHERE ${where}`;

const STATEMENTS = [
  insert(
    'k < 4',
    `'lead-' || id, 0, gen_random_uuid(), 'SlotReserved',
     jsonb_build_object('leadId', id, 'fullName', 'Bench Investor ' || n, 'company', CASE WHEN n % 3 = 0 THEN NULL ELSE 'Bench Capital ' || (n % 97) END,
       'email', 'investor' || n || '@example.com', 'phone', '+234 803 123 4567', 'phoneE164', '2348031234567',
       'role', (ARRAY['Developer', 'Realtor', 'Investor'])[1 + n % 3], 'intendedAcres', 1 + n % 200, 'priceBand', '3.5M',
       'commitment', (ARRAY['Immediately', '7 days', '14-30 days'])[1 + n % 3], 'notes', CASE WHEN n % 5 = 0 THEN 'Call after 5pm' END,
       'consent', true, 'referralCode', NULL, 'reservedAt', ${TIMESTAMP}),
     ${META(VISITOR)}`,
  ),
  insert(
    'k = 4',
    `'application-' || md5('applicant' || u || '@example.com'), 0, gen_random_uuid(), 'ApplicationSubmitted',
     jsonb_build_object('applicationId', id, 'applicationNumber', 'APP-B-' || lpad(u::text, 8, '0'), 'surname', 'Okafor', 'firstName', 'Ada' || u,
       'otherName', NULL, 'dateOfBirth', '1985-04-12', 'gender', (ARRAY['male', 'female'])[1 + u % 2], 'nationality', 'Nigerian',
       'maritalStatus', 'married', 'residentialAddress', '4 Bourdillon Road, Ikoyi, Lagos', 'email', 'applicant' || u || '@example.com',
       'phoneNumber', '0803 123 4567', 'city', 'Lagos', 'occupation', 'Engineer', 'workAddress', NULL, 'religion', NULL,
       'passportPhotoUrl', NULL, 'kinName', 'Emeka Okafor', 'kinRelationship', 'Brother', 'kinAddress', '9 Awolowo Road, Lagos',
       'kinPhone', '0803 765 4321', 'kinEmail', 'emeka@example.com', 'acresSubscribed', 1 + u % 20, 'subscriptionValue', (1 + u % 20) * 3500000,
       'paymentOption', 'outright', 'modeOfPayment', 'bank_transfer', 'acknowledgment', true, 'realtorName', NULL, 'realtorMobile', NULL,
       'realtorEmail', NULL, 'referralCode', NULL, 'submittedAt', ${TIMESTAMP}),
     ${META(VISITOR)}`,
  ),
  insert(
    'k = 5',
    `'user-' || ${uuidOf("'user' || u")}, 0, gen_random_uuid(), 'UserRegistered',
     jsonb_build_object('userId', ${uuidOf("'user' || u")}, 'email', 'user' || u || '@example.com', 'firstName', 'Bola' || u, 'lastName', 'Adeyemi',
       'profileImageUrl', NULL, 'authProvider', 'password', 'registeredAt', ${TIMESTAMP}),
     ${META(USER)}`,
  ),
  insert(
    'k = 6',
    `'user-email-' || md5('user' || u || '@example.com'), 0, gen_random_uuid(), 'UserEmailClaimed',
     jsonb_build_object('userId', ${uuidOf("'user' || u")}, 'email', 'user' || u || '@example.com', 'claimedAt', ${TIMESTAMP}),
     ${META(USER)}`,
  ),
  insert(
    'k = 7',
    `'payment-' || ${uuidOf("'payment' || u")}, 0, gen_random_uuid(), 'PaymentProofSubmitted',
     jsonb_build_object('paymentId', ${uuidOf("'payment' || u")}, 'userId', ${uuidOf("'user' || u")}, 'leadId', NULL, 'acres', 1 + u % 20,
       'amount', (1 + u % 20) * 3500000, 'proofImagePath', '/objects/uploads/' || ${uuidOf("'payment' || u")}, 'submittedAt', ${TIMESTAMP}),
     ${META(USER)}`,
  ),
  insert(
    'k = 8',
    `'user-' || ${uuidOf("'user' || u")}, 1, gen_random_uuid(), 'UserProfileUpdated',
     jsonb_build_object('userId', ${uuidOf("'user' || u")}, 'firstName', 'Bola', 'lastName', 'Adeyemi-' || u, 'profileImageUrl', NULL,
       'updatedAt', ${TIMESTAMP}),
     ${META(USER)}`,
  ),
  insert(
    'k = 9',
    `'allocation-${PROJECT_ID}', u, gen_random_uuid(), CASE WHEN u % 3 = 0 THEN 'PaymentRejected' ELSE 'PaymentApproved' END,
     jsonb_build_object('paymentId', ${uuidOf("'payment' || u")}, 'userId', ${uuidOf("'user' || u")}, 'acres', 1 + u % 20,
       'amount', (1 + u % 20) * 3500000, 'adminNotes', CASE WHEN u % 2 = 0 THEN '' ELSE 'checked' END, 'decidedBy', 'admin',
       'decidedAt', ${TIMESTAMP}),
     ${META(ADMIN)}`,
  ),
];

/** Inserts `events` mixed events (a multiple of 10) in transactions of 50,000; answers the seconds it took. */
export const seedMixedEvents = async (options: { databaseUrl: string; events: number }) => {
  if (options.events % 10 !== 0) throw new RangeError('events must be a multiple of 10 (whole units)');
  const pool = createPool({ connectionString: options.databaseUrl, max: 2 });
  const started = performance.now();
  try {
    for (let first = 0; first < options.events; first += CHUNK) {
      const last = Math.min(options.events, first + CHUNK) - 1;
      // One transaction, one xid: every statement shares the chunk's base position.
      await withTransaction(pool, async (client) => {
        for (const sql of STATEMENTS) await client.query(sql, [first, last]);
      });
    }
    await pool.query(
      `INSERT INTO event_streams (stream_id, revision) SELECT stream_id, max(stream_position) FROM events GROUP BY stream_id
       ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision`,
    );
    await pool.query('VACUUM ANALYZE events');
    const seconds = (performance.now() - started) / 1000;
    await checkSeededEvents(options.databaseUrl, pool);
    return { seconds };
  } finally {
    await pool.end();
  }
};

/** The first units through the port and the catalogue: a seeding bug fails here, not as a poison event. */
const checkSeededEvents = async (databaseUrl: string, pool: ReturnType<typeof createPool>) => {
  const store = createPostgresEventStore({ pool, connectionString: databaseUrl });
  try {
    const events = await store.readAll({ maxCount: 30 });
    if (events.length < 30) throw new Error(`expected the seeded log to be readable, read ${events.length} events`);
    for (const event of events) parseEvent(event.type, event.data);
  } finally {
    await store.close();
  }
};
