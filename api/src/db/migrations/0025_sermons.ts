import { sql, type Kysely } from 'kysely';

/**
 * Sermons: speakers, series, the sermons with their media and passages,
 * the media files the staff upload (audio, video, transcripts) and, on
 * PostgreSQL without a bucket, those files' bytes in chunks; the live
 * stream address of each church, and its clock when it is not the site's
 * (its service times are read on it).
 *
 * - A sermon's passages are verse ranges: `start_verse` and `end_verse` are
 *   book × 1,000,000 + chapter × 1,000 + verse (book 1 Genesis … 66
 *   Revelation), so "the sermons on John 3" is a range overlap.
 * - `search` is the sermon's words for full-text search (title, summary,
 *   notes, transcript, most weighty first), written with the sermon.
 * - `media_files` holds one row per uploaded file, from its first byte
 *   (`received` grows with each part) until the sermon that uses it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE speakers (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      role text NOT NULL DEFAULT '',
      photo text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX speakers_name ON speakers (lower(name))`.execute(db);

  await sql`
    CREATE TABLE sermon_series (
      id uuid PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      image text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE sermons (
      id uuid PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      preached_on date NOT NULL,
      speaker_id uuid NOT NULL REFERENCES speakers (id),
      series_id uuid REFERENCES sermon_series (id) ON DELETE SET NULL,
      summary text NOT NULL DEFAULT '',
      notes text NOT NULL DEFAULT '',
      image text NOT NULL DEFAULT '',
      audio_src text,
      audio_type text,
      audio_bytes bigint,
      audio_seconds integer,
      video_url text,
      video_src text,
      video_type text,
      video_bytes bigint,
      transcript_src text,
      transcript jsonb,
      chapters jsonb NOT NULL DEFAULT '[]',
      status text NOT NULL DEFAULT 'draft',
      publish_at timestamptz NOT NULL,
      first_live_at timestamptz,
      search tsvector NOT NULL DEFAULT ''::tsvector,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sermons_public ON sermons (publish_at DESC, preached_on DESC) WHERE status = 'published'`.execute(db);
  await sql`CREATE INDEX sermons_series ON sermons (series_id, preached_on)`.execute(db);
  await sql`CREATE INDEX sermons_speaker ON sermons (speaker_id, preached_on)`.execute(db);
  await sql`CREATE INDEX sermons_search ON sermons USING gin (search)`.execute(db);

  await sql`
    CREATE TABLE sermon_passages (
      sermon_id uuid NOT NULL REFERENCES sermons (id) ON DELETE CASCADE,
      position integer NOT NULL,
      reference text NOT NULL,
      book integer NOT NULL,
      start_verse integer NOT NULL,
      end_verse integer NOT NULL,
      PRIMARY KEY (sermon_id, position)
    )`.execute(db);
  await sql`CREATE INDEX sermon_passages_range ON sermon_passages (start_verse, end_verse)`.execute(db);

  await sql`
    CREATE TABLE media_files (
      name text PRIMARY KEY,
      kind text NOT NULL,
      content_type text NOT NULL,
      size bigint NOT NULL,
      received bigint NOT NULL DEFAULT 0,
      duration_seconds integer,
      original_name text NOT NULL DEFAULT '',
      uploaded_by uuid,
      s3_upload_id text,
      s3_parts jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX media_files_open ON media_files (uploaded_by, created_at) WHERE completed_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE upload_chunks (
      name text NOT NULL,
      start_byte bigint NOT NULL,
      data bytea NOT NULL,
      PRIMARY KEY (name, start_byte)
    )`.execute(db);

  await sql`ALTER TABLE churches ADD COLUMN live_stream_url text, ADD COLUMN time_zone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE churches DROP COLUMN live_stream_url, DROP COLUMN time_zone`.execute(db);
  await sql`DROP TABLE upload_chunks`.execute(db);
  await sql`DROP TABLE media_files`.execute(db);
  await sql`DROP TABLE sermon_passages`.execute(db);
  await sql`DROP TABLE sermons`.execute(db);
  await sql`DROP TABLE sermon_series`.execute(db);
  await sql`DROP TABLE speakers`.execute(db);
}
