import type { Kysely } from 'kysely';
import type { ChurchLocation } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';

export async function listChurches(db: Kysely<Database>): Promise<ChurchLocation[]> {
  const rows = await db.selectFrom('churches').selectAll().orderBy('position').orderBy('church_name').execute();
  return rows.map((r) => ({ _id: r.id, church_name: r.church_name, adress: r.adress, main_contact: r.main_contact, email: r.email }));
}
