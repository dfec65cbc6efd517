/** The site's releases, as the admins' release page sees them: types from their contracts. */
import type {
  AppReleasesContract,
  ReleaseCountsContract,
  ReleaseEntryContract,
  ReleaseErrorBody,
  ReleasesOverviewContract,
  Static,
} from '../contracts';

export type ReleasesOverview = Static<typeof ReleasesOverviewContract>;
export type AppReleases = Static<typeof AppReleasesContract>;
export type ReleaseCounts = Static<typeof ReleaseCountsContract>;
export type ReleaseEntry = Static<typeof ReleaseEntryContract>;
export type ReleaseErrorReport = Static<typeof ReleaseErrorBody>;
