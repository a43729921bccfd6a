export declare function chromiumPath(): string;
export declare const CHROMIUM_ARGS: string[];
export declare function freshProfileDir(): string;
