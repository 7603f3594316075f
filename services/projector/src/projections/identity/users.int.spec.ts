import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withTransaction } from '@acres/platform/db';
import type { RecordedEvent } from '@acres/eventstore/port';
import { newEvent, startHarness, type Harness } from '../../../test/harness.ts';
import { createUsersProjection } from '@acres/read-models/registry';

const at = (s: number) => new Date(Date.UTC(2026, 2, 14, 9, 0, s)).toISOString();

describe('the users projection', () => {
  let h: Harness;
  const projection = createUsersProjection();
  const adaId = randomUUID();
  const bolaId = randomUUID();
  let events: RecordedEvent[];

  beforeAll(async () => {
    h = await startHarness(inject('pgAdminUrl'));
    await h.eventStore.appendToStream(
      `user-${adaId}`,
      [
        newEvent('UserRegistered', {
          userId: adaId,
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Obi',
          profileImageUrl: null,
          authProvider: 'password',
          registeredAt: at(0),
        }),
        newEvent('UserProfileUpdated', {
          userId: adaId,
          firstName: 'Ada',
          lastName: 'Obi-Eze',
          profileImageUrl: '/objects/uploads/a',
          updatedAt: at(5),
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    await h.eventStore.appendToStream(
      `user-${bolaId}`,
      [
        newEvent('UserRegistered', {
          userId: bolaId,
          email: 'bola@example.com',
          firstName: null,
          lastName: null,
          profileImageUrl: null,
          registeredAt: at(1),
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    events = await h.eventStore.readAll({ maxCount: 100 });
    await withTransaction(h.db.pool, (client) => projection.applyBatch!(client, events));
  });
  afterAll(async () => h?.close());

  it('writes a row per registration and applies later profile updates', async () => {
    const { rows } = await h.db.pool.query(
      'SELECT id, email, first_name, last_name, profile_image_url, auth_provider, created_at, updated_at FROM users ORDER BY email',
    );
    expect(rows).toEqual([
      {
        id: adaId,
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Obi-Eze',
        profile_image_url: '/objects/uploads/a',
        auth_provider: 'password',
        created_at: new Date(at(0)),
        updated_at: new Date(at(5)),
      },
      {
        id: bolaId,
        email: 'bola@example.com',
        first_name: null,
        last_name: null,
        profile_image_url: null,
        auth_provider: null,
        created_at: new Date(at(1)),
        updated_at: new Date(at(1)),
      },
    ]);
  });

  it('changes nothing when the same events are applied again, one by one', async () => {
    const before = (await h.db.pool.query('SELECT * FROM users ORDER BY id')).rows;
    for (const event of events) await withTransaction(h.db.pool, (client) => projection.apply(client, event));
    expect((await h.db.pool.query('SELECT * FROM users ORDER BY id')).rows).toEqual(before);
  });

  it('stops loudly on an update for a user never registered', async () => {
    const ghost = randomUUID();
    await h.eventStore.appendToStream(
      `user-${ghost}`,
      [newEvent('UserProfileUpdated', { userId: ghost, firstName: 'G', lastName: 'H', profileImageUrl: null, updatedAt: at(9) })],
      { expectedRevision: 'no_stream' },
    );
    const [event] = await h.eventStore.readStream(`user-${ghost}`);
    await expect(withTransaction(h.db.pool, (client) => projection.apply(client, event!))).rejects.toThrow(/never registered/);
  });

  it('folds several updates of one user in one batch as applying them one by one does', async () => {
    const carlId = randomUUID();
    const update = (s: number, fields: { firstName: string; email?: string }) =>
      newEvent('UserProfileUpdated', { userId: carlId, lastName: 'Ude', profileImageUrl: null, updatedAt: at(s), ...fields });
    await h.eventStore.appendToStream(
      `user-${carlId}`,
      [
        newEvent('UserRegistered', {
          userId: carlId,
          email: 'carl@example.com',
          firstName: 'Carl',
          lastName: 'Ude',
          profileImageUrl: null,
          registeredAt: at(20),
        }),
        update(21, { firstName: 'Carlo', email: 'carlo@example.com' }),
        update(22, { firstName: 'Carlos' }),
        update(23, { firstName: 'Karl' }),
      ],
      { expectedRevision: 'no_stream' },
    );
    const carl = await h.eventStore.readStream(`user-${carlId}`);
    await h.db.pool.query('CREATE TABLE users_one_by_one (LIKE users INCLUDING ALL)');
    const oneByOne = createUsersProjection({ name: 'users-one-by-one', tables: ['users_one_by_one'] });
    for (const event of carl) await withTransaction(h.db.pool, (client) => oneByOne.apply(client, event));
    await withTransaction(h.db.pool, (client) => projection.applyBatch!(client, carl));
    const read = async (table: string) => (await h.db.pool.query(`SELECT * FROM ${table} WHERE id = $1`, [carlId])).rows;
    expect(await read('users')).toEqual(await read('users_one_by_one'));
    expect(await read('users')).toMatchObject([{ email: 'carlo@example.com', first_name: 'Karl', updated_at: new Date(at(23)) }]);
    // Replayed from the middle (a reset checkpoint): the row already holds the newest update.
    await withTransaction(h.db.pool, (client) => projection.applyBatch!(client, carl.slice(2)));
    expect(await read('users')).toEqual(await read('users_one_by_one'));
  });
});
