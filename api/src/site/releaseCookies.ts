/**
 * The cookies that choose a visitor's releases (releases.ts, SnapshotChoice):
 * - `mf_canary`: the visitor's sticky bucket, 0–99, given on their first
 *   page while an app has a canary; a canary of N percent serves buckets
 *   below N;
 * - `mf_canary_opt_in`: staff who opted in from /admin/releases see every canary;
 * - `mf_preview`: a release check's secret token (it renders a candidate
 *   before it goes live).
 */
export const CANARY_COOKIE = 'mf_canary';
export const CANARY_OPT_IN_COOKIE = 'mf_canary_opt_in';
export const PREVIEW_COOKIE = 'mf_preview';
