// The command side's record of staff members (migration 042, staff_accounts): the password's
// and recovery codes' digests, the TOTP secret, and the standing the sign-in needs (status,
// role, name). The staff stream decides; this table follows each decision in the same request.

import type { StaffRole } from '@acres/contracts/staff';
import type { Queryable } from '@acres/platform/db';

export type StaffAccount = {
  staffId: string;
  emailLower: string;
  displayName: string;
  role: StaffRole;
  status: 'invited' | 'active' | 'removed';
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  recoveryCodeHashes: string[];
};

type Row = {
  staff_id: string;
  email_lower: string;
  display_name: string;
  role: StaffRole;
  status: StaffAccount['status'];
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: string | null;
  recovery_code_hashes: string[];
};

const COLUMNS =
  'staff_id, email_lower, display_name, role, status, password_hash, totp_secret, totp_last_step, recovery_code_hashes';

const toAccount = (row: Row): StaffAccount => ({
  staffId: row.staff_id,
  emailLower: row.email_lower,
  displayName: row.display_name,
  role: row.role,
  status: row.status,
  passwordHash: row.password_hash,
  totpSecret: row.totp_secret,
  totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  recoveryCodeHashes: row.recovery_code_hashes,
});

/** The member not removed who holds this email, if any. */
export const findStaffByEmail = async (db: Queryable, emailLower: string) => {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM staff_accounts WHERE email_lower = $1 AND status <> 'removed'`, [
    emailLower,
  ]);
  return rows[0] ? toAccount(rows[0]) : null;
};

export const findStaffById = async (db: Queryable, staffId: string) => {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM staff_accounts WHERE staff_id = $1`, [staffId]);
  return rows[0] ? toAccount(rows[0]) : null;
};

/** A new member's row; false when a member not removed already holds the email. */
export const reserveStaffAccount = async (
  db: Queryable,
  account: { staffId: string; emailLower: string; displayName: string; role: StaffRole },
) => {
  try {
    await db.query(
      `INSERT INTO staff_accounts (staff_id, email_lower, display_name, role, status) VALUES ($1, $2, $3, $4, 'invited')`,
      [account.staffId, account.emailLower, account.displayName, account.role],
    );
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
};

export const updateStaffInvitation = async (db: Queryable, staffId: string, update: { displayName: string; role: StaffRole }) => {
  await db.query('UPDATE staff_accounts SET display_name = $2, role = $3, updated_at = now() WHERE staff_id = $1', [
    staffId,
    update.displayName,
    update.role,
  ]);
};

export const deleteStaffAccount = async (db: Queryable, staffId: string) => {
  await db.query(`DELETE FROM staff_accounts WHERE staff_id = $1 AND status = 'invited'`, [staffId]);
};

export const activateStaffAccount = async (
  db: Queryable,
  staffId: string,
  secrets: { passwordHash: string; totpSecret: string; totpLastStep: number; recoveryCodeHashes: string[] },
) => {
  await db.query(
    `UPDATE staff_accounts SET status = 'active', password_hash = $2, totp_secret = $3, totp_last_step = $4,
            recovery_code_hashes = $5, updated_at = now() WHERE staff_id = $1`,
    [staffId, secrets.passwordHash, secrets.totpSecret, secrets.totpLastStep, secrets.recoveryCodeHashes],
  );
};

export const setStaffRole = async (db: Queryable, staffId: string, role: StaffRole) => {
  await db.query('UPDATE staff_accounts SET role = $2, updated_at = now() WHERE staff_id = $1', [staffId, role]);
};

export const markStaffRemoved = async (db: Queryable, staffId: string) => {
  await db.query(
    `UPDATE staff_accounts SET status = 'removed', password_hash = NULL, totp_secret = NULL, recovery_code_hashes = '{}',
            updated_at = now() WHERE staff_id = $1`,
    [staffId],
  );
};

/**
 * Takes the code's time step as used, only if it is later than the last one: two sign-ins with
 * the same code, even at the same instant, cannot both pass.
 */
export const useTotpStep = async (db: Queryable, staffId: string, step: number) => {
  const result = await db.query(
    `UPDATE staff_accounts SET totp_last_step = $2 WHERE staff_id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`,
    [staffId, step],
  );
  return result.rowCount === 1;
};

/** Takes one recovery code out, only if it is still there: each works once. */
export const useRecoveryCode = async (db: Queryable, staffId: string, codeHash: string) => {
  const result = await db.query(
    `UPDATE staff_accounts SET recovery_code_hashes = array_remove(recovery_code_hashes, $2)
      WHERE staff_id = $1 AND $2 = ANY(recovery_code_hashes)`,
    [staffId, codeHash],
  );
  return result.rowCount === 1;
};
