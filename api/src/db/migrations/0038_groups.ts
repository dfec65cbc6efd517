import { sql, type Kysely } from 'kysely';

/**
 * Small groups: a group (kind, life stage, where and when it meets, its
 * photo, capacity and whether it takes new members), its people (leaders
 * and members, each with whether they share their e-mail address with the
 * group's leaders and whether they want the group's mails), and the
 * requests to join it that its leaders accept or decline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE groups (
      id text PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      kind text NOT NULL,
      life_stage text NOT NULL,
      church_id text REFERENCES churches(id) ON DELETE SET NULL,
      meeting_place text,
      weekday integer NOT NULL CHECK (weekday BETWEEN 0 AND 6),
      start_time text NOT NULL,
      frequency text NOT NULL CHECK (frequency IN ('weekly', 'biweekly', 'monthly')),
      description text NOT NULL DEFAULT '',
      photo text,
      capacity integer CHECK (capacity IS NULL OR capacity > 0),
      open boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX groups_finder ON groups (kind, weekday, life_stage)`.execute(db);
  await sql`
    CREATE TABLE group_members (
      group_id text NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL DEFAULT 'member' CHECK (role IN ('leader', 'member')),
      share_email boolean NOT NULL DEFAULT false,
      mail_off boolean NOT NULL DEFAULT false,
      mail_token text NOT NULL UNIQUE,
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (group_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX group_members_user ON group_members (user_id)`.execute(db);
  await sql`
    CREATE TABLE group_requests (
      id text PRIMARY KEY,
      group_id text NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      message text NOT NULL DEFAULT '',
      share_email boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
      note text,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      decided_by text REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX group_requests_one_pending ON group_requests (group_id, user_id) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX group_requests_user ON group_requests (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE group_requests`.execute(db);
  await sql`DROP TABLE group_members`.execute(db);
  await sql`DROP TABLE groups`.execute(db);
}
