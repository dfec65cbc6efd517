/** The admin role: the first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD at start or from `pnpm --filter @ministry/api cli create-admin`. */
import type { Kysely } from 'kysely';
import { signupStep1Fields, yup } from '@ministry/shared/validation';
import type { Database } from '../../db/index.js';
import { verifyPassword } from '../../lib/passwords.js';
import { createUser, findUserByEmail } from './service.js';

const adminInput = yup.object({ email: signupStep1Fields.email, password: signupStep1Fields.password });

export type AdminOutcome = 'created' | 'promoted' | 'unchanged' | 'refused';

export interface EnsureAdminOptions {
  /**
   * Which existing account with that e-mail may be promoted: `any` (the
   * operator's CLI), or only one whose password is `password`
   * (`password-matches`, the default): otherwise whoever registered the
   * address first would become admin. A refused promotion is 'refused'.
   */
  promote?: 'any' | 'password-matches';
}

/** Creates the admin, or promotes the existing account with that e-mail (its password is kept). */
export async function ensureAdmin(
  db: Kysely<Database>,
  email: string,
  password: string,
  options: EnsureAdminOptions = {},
): Promise<AdminOutcome> {
  const input = await adminInput.validate({ email, password });
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (existing.role === 'admin') return 'unchanged';
    if (
      (options.promote ?? 'password-matches') === 'password-matches' &&
      !(await verifyPassword(input.password, existing.password_hash))
    )
      return 'refused';
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', existing.id).execute();
    return 'promoted';
  }
  await createUser(db, {
    email: input.email,
    password: input.password,
    firstname: 'Site',
    lastname: 'Administrator',
    role: 'admin',
    verified: true,
  });
  return 'created';
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates that admin, or promotes an
 * existing account only when ADMIN_PASSWORD is its password. Returns the line
 * to log (none when nothing changed) and whether it is a refusal.
 */
export async function adminFromEnvironment(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<{ outcome: AdminOutcome; message?: string }> {
  const outcome = await ensureAdmin(db, email, password, { promote: 'password-matches' });
  const messages: Record<AdminOutcome, string | undefined> = {
    created: `Admin ${email} created.`,
    promoted: `Admin ${email} promoted (ADMIN_PASSWORD is that account's password).`,
    unchanged: undefined,
    refused:
      `Not making ${email} an admin: an account with that e-mail already exists and ADMIN_PASSWORD is not its password. ` +
      'Set ADMIN_PASSWORD to that password, or, if you know the account is yours, run `node --import tsx src/cli.ts create-admin` from the api folder.',
  };
  return { outcome, message: messages[outcome] };
}
