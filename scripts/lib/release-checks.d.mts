/** Types of release-checks.mjs (the API's tests check fake releases with it). */
export declare function checkRelease(release: {
  dir: string;
  app: { name: string; host: boolean; exposes: Record<string, string>; pages: { path: string }[]; uses: string[] };
  staging: string;
  releases: string;
  /** The apps released in the same build: a new shell is not held to the live ones of those. */
  alsoReleasing?: string[];
  /** The shell released in the same build: a remote is checked against it rather than the live one. */
  withShell?: PlacedRelease | null;
}): string[];

/** A placed release: its folder, pointer, pages.json and browser manifest. */
export interface PlacedRelease {
  pointer: { release: string; files: Record<string, string> };
  folder: string;
  facts: { name: string; exposes: string[]; pages: { path: string }[]; uses?: string[] };
  manifest: unknown;
}

export declare function placedRelease(
  appFolder: string,
  record: { release: string; files: Record<string, string> },
): PlacedRelease;

export declare function checkSource(release: {
  dir: string;
  app: { name: string; host: boolean; exposes: Record<string, string>; pages: { path: string }[] };
  source: string;
  releases: string;
}): string[];
