/** Types of chromium.mjs (the browser tests launch the Chromium it finds). */
export declare function headlessChromiumPath(): string | undefined;
export declare const HEADLESS_ARGS: string[];
