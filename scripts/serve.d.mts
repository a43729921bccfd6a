import type { Server } from 'node:http';
export declare function createServer(root: string): Server;
