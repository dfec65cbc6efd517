/** Types of release-store.mjs (the API reads and writes pointers with it, and its tests write releases). */
export declare const RELEASES_KEPT: number;
export declare const NEWEST_KEPT: number;
export declare const RELEASE_ID: RegExp;
export declare function newReleaseId(now?: Date): string;
export declare function hashFiles(folder: string, prefix?: string): Record<string, string>;

export interface ReleaseRecord {
  app: string;
  name: string;
  release: string;
  createdAt: string;
  inputHash: string | null;
  source: string | null;
  /** The commit it was built from (`<sha>` or `<sha>+changes`), when known. */
  commit: string | null;
  /** Who released it. */
  by: string | null;
  files: Record<string, string>;
}

export interface CanaryPointer {
  release: string;
  percent: number;
  startedAt: string;
  startedBy: string | null;
  inputHash: string | null;
  commit: string | null;
  by: string | null;
  files: Record<string, string>;
}

export interface EndedCanary {
  release: string;
  endedAt: string;
  outcome: 'promoted' | 'rolled back' | 'replaced';
  reason: string;
  by: string | null;
}

export interface LivePointer {
  app: string;
  name: string;
  release: string;
  releasedAt: string;
  releasedBy?: string | null;
  inputHash: string | null;
  commit?: string | null;
  by?: string | null;
  history: string[];
  rolledBack?: string[];
  canary?: CanaryPointer | null;
  lastCanary?: EndedCanary | null;
  files: Record<string, string>;
}

export interface PlaceOptions {
  app: string;
  name: string;
  id: string;
  staging: string;
  inputHash?: string | null;
  source?: string | null;
  commit?: string | null;
  by?: string | null;
  now?: Date;
}

export declare function readPointer(appFolder: string): LivePointer | null;
export declare function readRelease(appFolder: string, id: string): ReleaseRecord | null;
export declare function changedFiles(appFolder: string, id: string, files: Record<string, string>): string[];
export declare function placeRelease(appFolder: string, release: PlaceOptions): ReleaseRecord;
export declare function discardRelease(appFolder: string, id: string): void;
export declare function goLive(
  appFolder: string,
  record: ReleaseRecord,
  options?: { canary?: number | null; now?: Date; by?: string | null },
): string | null;
export declare function publishRelease(appFolder: string, release: PlaceOptions & { canary?: number | null }): string | null;
export declare function promote(appFolder: string, options?: { now?: Date; by?: string | null }): { from: string; to: string };
export declare function rollBack(
  appFolder: string,
  options?: { now?: Date; by?: string | null; reason?: string },
): { from: string; to: string; canary: boolean };
export declare function prune(appFolder: string): void;
