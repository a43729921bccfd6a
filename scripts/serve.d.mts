import type { Server } from 'node:http';
export declare function createServer(root: string): Server;
export declare function resolveInside(rootDir: string, urlPath: string): { status: 400 | 403 } | { status: 200; file: string; pathname: string };
