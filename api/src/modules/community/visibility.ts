/** Who sees which community posts (prayers, stories, comments). */
import { sql, type RawBuilder } from 'kysely';

export type PostStatus = 'pending' | 'published' | 'rejected';

/**
 * A WHERE condition on the posts under `alias`: published posts for everyone,
 * plus the viewer's own posts that still wait for review.
 */
export function visibleTo(alias: string, viewerId: string | null): RawBuilder<boolean> {
  const status = sql.ref(`${alias}.status`);
  if (!viewerId) return sql<boolean>`${status} = 'published'`;
  return sql<boolean>`(${status} = 'published' OR (${status} = 'pending' AND ${sql.ref(`${alias}.user_id`)} = ${viewerId}))`;
}
