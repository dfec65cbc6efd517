import { sql, type Kysely } from 'kysely';

/** Every table of the foundation: accounts, content, community posts, newsletter. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      firstname text NOT NULL,
      lastname text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      photo text,
      birth_date date,
      gender text,
      civil_status text,
      country_of_origin text,
      country text,
      city text,
      church text,
      seniority integer,
      source text,
      role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_lower ON users (lower(email))`.execute(db);

  await sql`
    CREATE TABLE sessions (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      persistent boolean NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE password_resets (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE churches (
      id text PRIMARY KEY,
      church_name text NOT NULL,
      adress text NOT NULL,
      main_contact text[] NOT NULL DEFAULT '{}',
      email text NOT NULL,
      position integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE events (
      id text PRIMARY KEY,
      title text NOT NULL,
      description text NOT NULL,
      photo text NOT NULL,
      event_date timestamptz NOT NULL,
      seat_price numeric(10, 2) NOT NULL CHECK (seat_price >= 0),
      number_of_seats integer NOT NULL CHECK (number_of_seats >= 0),
      seats_held integer NOT NULL DEFAULT 0 CHECK (seats_held >= 0),
      seats_sold integer NOT NULL DEFAULT 0 CHECK (seats_sold >= 0),
      price_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (seats_held + seats_sold <= number_of_seats)
    )`.execute(db);
  await sql`CREATE INDEX events_date ON events (event_date)`.execute(db);

  await sql`
    CREATE TABLE news (
      id text PRIMARY KEY,
      title text NOT NULL,
      description text NOT NULL,
      photo text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE press_releases (
      id text PRIMARY KEY,
      title text NOT NULL,
      description text NOT NULL,
      photo text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE devotionals (
      id text PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      image text NOT NULL,
      tag text NOT NULL,
      detail text NOT NULL,
      published_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX devotionals_published ON devotionals (published_at DESC)`.execute(db);
  await sql`CREATE INDEX devotionals_tag ON devotionals (lower(tag))`.execute(db);

  for (const table of ['prayers', 'stories']) {
    const body = table === 'prayers' ? sql`text text NOT NULL` : sql`content text NOT NULL`;
    await sql`
      CREATE TABLE ${sql.table(table)} (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        ${body},
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_status_created`)} ON ${sql.table(table)} (status, created_at DESC)`.execute(db);
  }

  await sql`
    CREATE TABLE story_likes (
      story_id text NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (story_id, user_id)
    )`.execute(db);

  await sql`
    CREATE TABLE comments (
      id text PRIMARY KEY,
      story_id text NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX comments_story ON comments (story_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE newsletter_subscribers (
      email text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'newsletter_subscribers',
    'comments',
    'story_likes',
    'stories',
    'prayers',
    'devotionals',
    'press_releases',
    'news',
    'events',
    'churches',
    'password_resets',
    'sessions',
    'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
