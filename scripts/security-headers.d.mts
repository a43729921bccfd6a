export declare const CSP: string;
export declare const HEADER_CSP: string;
export declare const ISOLATION_HEADERS: Record<string, string>;
export declare const SECURITY_HEADERS: Record<string, string>;
