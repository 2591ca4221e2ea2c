/** Types of chromium.config.mjs (read by the TypeScript tools: the e2e config). */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: readonly string[];
