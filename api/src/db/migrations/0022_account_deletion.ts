import { sql, type Kysely } from 'kysely';

/**
 * Accounts their members deleted: the row stays, emptied of everything
 * personal, so the gifts kept for the church's records and the posts kept
 * anonymous still point somewhere ("former member"); `deleted_at` says so.
 * Its address is freed: the same address may sign up again as a new member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS deleted_at`.execute(db);
}
