/** Types of shared-exports.mjs (the tests take versions of copies of shared with it). */
export interface SharedExport {
  kind: 'value' | 'type';
  /** The type, or 'object' for an object whose members are listed. */
  signature: string;
  members?: Record<string, string>;
}
export interface ExportsRecord {
  version: string;
  entries: Record<string, { since: string; exports: Record<string, SharedExport & { since: string }> }>;
}
export interface ExportChange {
  entry: string;
  name: string;
  change: 'added' | 'removed' | 'changed';
  kind: 'value' | 'type';
}
export declare function sharedPackage(folder?: string): {
  folder: string;
  version: string;
  entries: Record<string, string>;
  stateful: string[];
};
export declare function readRecord(folder?: string): ExportsRecord | null;
export declare function currentExports(folder?: string): Record<string, Record<string, SharedExport>>;
export declare function exportChanges(
  record: ExportsRecord | null,
  current: Record<string, Record<string, SharedExport>>,
  folder?: string,
): ExportChange[];
export declare function neededBump(changes: ExportChange[]): 'major' | 'minor' | null;
export declare function checkSharedExports(folder?: string): string[];
/** A printed type with the order of its union and object members taken out (two types are the same when these are equal). */
export declare function canonicalType(text: string): string;
export declare function bumped(version: string, bump: 'major' | 'minor' | 'patch'): string;
export declare function takeVersion(
  bump: 'major' | 'minor' | 'patch',
  folder?: string,
): { version: string; changes: ExportChange[] };
export declare function entryVersions(folder?: string): Record<string, { version: string; since: string; stateful: boolean }>;
export declare function exportsNewerThan(entry: string, version: string, folder?: string): string[];
