/** The site's releases, as the admins' release page sees them (GET /api/admin/releases). */
import { Type } from '@sinclair/typebox';
import { StrOrNull, StringEnum } from './schema';

export const ReleaseCountsContract = Type.Object({
  /** Page views showing the app, served with this release, since the canary began. */
  views: Type.Integer(),
  /** Those of them whose browser reported an error of the app. */
  errorViews: Type.Integer(),
});

export const ReleaseEntryContract = Type.Object({
  release: Type.String(),
  createdAt: StrOrNull(),
  /** The commit it was built from (`<sha>`, or `<sha>+changes` when the folder had uncommitted changes). */
  commit: StrOrNull(),
  by: StrOrNull(),
  state: StringEnum(['live', 'canary', 'was live', 'rolled back', 'built']),
});

export const AppReleasesContract = Type.Object({
  /** The app's folder (`mfe-giving`). */
  app: Type.String(),
  /** How visitors' messages name it ("the giving and events pages"). */
  label: Type.String(),
  /** Whether its releases are on this server (promote and roll back work here), or at an address. */
  local: Type.Boolean(),
  live: Type.Union([
    Type.Object({
      release: Type.String(),
      releasedAt: StrOrNull(),
      releasedBy: StrOrNull(),
      commit: StrOrNull(),
    }),
    Type.Null(),
  ]),
  canary: Type.Union([
    Type.Object({
      release: Type.String(),
      percent: Type.Integer(),
      startedAt: StrOrNull(),
      startedBy: StrOrNull(),
      commit: StrOrNull(),
      canary: ReleaseCountsContract,
      liveRelease: ReleaseCountsContract,
    }),
    Type.Null(),
  ]),
  /** How the last canary ended (promoted, rolled back and why). */
  lastCanary: Type.Union([
    Type.Object({
      release: Type.String(),
      endedAt: Type.String(),
      outcome: Type.String(),
      reason: Type.String(),
      by: StrOrNull(),
    }),
    Type.Null(),
  ]),
  /** The last five releases, newest first. */
  releases: Type.Array(ReleaseEntryContract),
});

export const ReleasesOverviewContract = Type.Object({
  apps: Type.Array(AppReleasesContract),
  /** Whether this browser sees every canary (staff opt-in). */
  optedIn: Type.Boolean(),
  /** The automatic rollback's settings. */
  rollbackAfterErrorViews: Type.Integer(),
  rollbackAtErrorFactor: Type.Number(),
});

/** A browser's report of a page view with errors (POST /api/releases/errors): anonymous, no personal data. */
export const ReleaseErrorBody = Type.Object({
  app: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' }),
  release: Type.String({ pattern: '^[0-9]{8}-[0-9]{6}-[0-9a-f]{6}$' }),
  message: Type.String({ maxLength: 500 }),
  page: Type.String({ maxLength: 300 }),
});
