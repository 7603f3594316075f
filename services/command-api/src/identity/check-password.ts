import { findCredentialsByEmail, NO_PASSWORD } from './credentials.ts';
import type { IdentityDeps } from './deps.ts';
import { getDummyHash, verifyPassword } from './passwords.ts';

/** The password check, costing one scrypt whether or not the email has a password: the account's id, or null. */
export const checkPassword = async (deps: Pick<IdentityDeps, 'pool'>, email: string, password: string) => {
  const credentials = await findCredentialsByEmail(deps.pool, email);
  const usable = credentials !== null && credentials.passwordHash !== NO_PASSWORD;
  const ok = await verifyPassword(password, usable ? credentials.passwordHash : await getDummyHash());
  return usable && ok ? credentials.userId : null;
};
