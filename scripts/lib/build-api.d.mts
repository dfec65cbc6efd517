/** Types of build-api.mjs (the tests that start servers run the API's build). */
export declare const API_DIST: string;
export declare function builtApi(entry: 'server' | 'cli'): string;
export declare function apiBuildIsFresh(): boolean;
export declare function buildApi(options?: { force?: boolean }): Promise<number>;
export declare function apiBuild(entry: 'server' | 'cli'): Promise<string>;
