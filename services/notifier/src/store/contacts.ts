import type { Queryable } from '@acres/platform/db';
import type { Contact, ContactBook, ContactUpdate } from '../messages/contacts.ts';

export const loadContacts = async (db: Queryable, keys: readonly string[]): Promise<ContactBook> => {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<Contact & { key: string }>(
    'SELECT key, email, name, phone FROM notifier_contacts WHERE key = ANY($1::text[])',
    [keys],
  );
  return new Map(rows.map(({ key, ...contact }) => [key, contact]));
};

/** Upserts; a field the update does not carry keeps its value. */
export const applyContactUpdates = async (db: Queryable, updates: readonly ContactUpdate[]): Promise<void> => {
  for (const update of updates) {
    if ('copyFrom' in update) {
      await db.query(
        `INSERT INTO notifier_contacts (key, email, name, phone)
         SELECT $1, email, name, phone FROM notifier_contacts WHERE key = $2
         ON CONFLICT (key) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, phone = EXCLUDED.phone`,
        [update.key, update.copyFrom],
      );
      continue;
    }
    const { contact } = update;
    await db.query(
      `INSERT INTO notifier_contacts (key, email, name, phone, staff_role, staff_active) VALUES ($1, $2, $3, $4, $8, $9)
       ON CONFLICT (key) DO UPDATE SET
         email = CASE WHEN $5 THEN EXCLUDED.email ELSE notifier_contacts.email END,
         name = CASE WHEN $6 THEN EXCLUDED.name ELSE notifier_contacts.name END,
         phone = CASE WHEN $7 THEN EXCLUDED.phone ELSE notifier_contacts.phone END,
         staff_role = CASE WHEN $10 THEN EXCLUDED.staff_role ELSE notifier_contacts.staff_role END,
         staff_active = CASE WHEN $11 THEN EXCLUDED.staff_active ELSE notifier_contacts.staff_active END`,
      [
        update.key,
        contact.email ?? null,
        contact.name ?? null,
        contact.phone ?? null,
        'email' in contact,
        'name' in contact,
        'phone' in contact,
        contact.staffRole ?? null,
        contact.staffActive ?? false,
        'staffRole' in contact,
        'staffActive' in contact,
      ],
    );
  }
};

export type StaffContact = { staffId: string; email: string; role: string };

/** The staff members who have joined and have an address (a small list: the whole team). */
export const loadActiveStaff = async (db: Queryable): Promise<StaffContact[]> => {
  const { rows } = await db.query<{ key: string; email: string; staff_role: string }>(
    `SELECT key, email, staff_role FROM notifier_contacts
      WHERE key LIKE 'staff:%' AND staff_active AND email IS NOT NULL AND staff_role IS NOT NULL ORDER BY key`,
  );
  return rows.map((row) => ({ staffId: row.key.slice('staff:'.length), email: row.email, role: row.staff_role }));
};
