/** Types of release-checks.mjs (the API's tests check fake releases with it). */
export declare function checkRelease(release: {
  dir: string;
  app: { name: string; host: boolean; exposes: Record<string, string>; pages: { path: string }[]; uses: string[] };
  staging: string;
  releases: string;
  /** The apps released in the same build: a new shell is not held to the live ones of those. */
  alsoReleasing?: string[];
}): string[];

export declare function checkSource(release: {
  dir: string;
  app: { name: string; host: boolean; exposes: Record<string, string>; pages: { path: string }[] };
  source: string;
  releases: string;
}): string[];
