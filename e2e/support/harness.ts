// What the Firefox and WebKit harnesses share: a proxy that records and refuses whatever the browser tries to
// send off 127.0.0.1, and a writer that turns test files into paths a file input takes.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface RefusingProxy {
  server: http.Server;
  port: number;
  /** Every request that reached it (a CONNECT as "CONNECT host:port"). */
  proxied: string[];
}

/** A catch-all proxy on 127.0.0.1 that answers 403 to everything and records what came. */
export async function startRefusingProxy(): Promise<RefusingProxy> {
  const proxied: string[] = [];
  const server = http.createServer((req, res) => {
    proxied.push(req.url ?? '');
    res.writeHead(403).end();
  });
  server.on('connect', (req, socket) => {
    proxied.push(`CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, proxied };
}

/** Writes each batch of files into its own folder under `uploads` and returns their paths. */
export function uploadWriter(uploads: string): (list: { name: string; bytes: Buffer | string }[]) => string[] {
  let batch = 0;
  return (list) => {
    const dir = path.join(uploads, String(batch++));
    mkdirSync(dir, { recursive: true });
    return list.map(({ name, bytes }) => {
      const p = path.join(dir, name);
      writeFileSync(p, bytes);
      return p;
    });
  };
}
