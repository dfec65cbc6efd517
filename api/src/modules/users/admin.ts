/** The admin role: the first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD at start or from `pnpm --filter @ministry/api cli create-admin`. */
import type { Kysely } from 'kysely';
import { signupStep1Fields, yup } from '@ministry/shared/validation';
import type { Database } from '../../db/index.js';
import { createUser, findUserByEmail } from './service.js';

const adminInput = yup.object({ email: signupStep1Fields.email, password: signupStep1Fields.password });

/** Creates the admin, or promotes the existing account with that e-mail (its password is kept). */
export async function ensureAdmin(db: Kysely<Database>, email: string, password: string): Promise<'created' | 'promoted' | 'unchanged'> {
  const input = await adminInput.validate({ email, password });
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (existing.role === 'admin') return 'unchanged';
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', existing.id).execute();
    return 'promoted';
  }
  await createUser(db, { email: input.email, password: input.password, firstname: 'Site', lastname: 'Administrator', role: 'admin' });
  return 'created';
}
