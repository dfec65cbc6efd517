/** Types of release-store.mjs (the API's tests write releases with it). */
export declare const RELEASES_KEPT: number;
export declare const RELEASE_ID: RegExp;
export declare function newReleaseId(now?: Date): string;
export declare function hashFiles(folder: string, prefix?: string): Record<string, string>;
export interface LivePointer {
  app: string;
  name: string;
  release: string;
  releasedAt: string;
  inputHash: string | null;
  history: string[];
  files: Record<string, string>;
}
export declare function readPointer(appFolder: string): LivePointer | null;
export declare function readRelease(
  appFolder: string,
  id: string,
): (Omit<LivePointer, 'history' | 'releasedAt'> & { createdAt: string }) | null;
export declare function changedFiles(appFolder: string, id: string, files: Record<string, string>): string[];
export declare function publishRelease(
  appFolder: string,
  release: {
    app: string;
    name: string;
    id: string;
    staging: string;
    inputHash?: string | null;
    source?: string | null;
    now?: Date;
  },
): string | null;
export declare function rollBack(appFolder: string, now?: Date): { from: string; to: string };
export declare function prune(appFolder: string, kept?: number): void;
