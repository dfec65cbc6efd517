import type { Kysely } from 'kysely';
import type { PressRelease } from '@ministry/shared/types';
import type { Database } from '../../db/index.js';
import { toArticle } from '../news/service.js';

export async function listPressReleases(db: Kysely<Database>): Promise<PressRelease[]> {
  const rows = await db.selectFrom('press_releases').selectAll().orderBy('created_at', 'desc').execute();
  return rows.map(toArticle);
}
