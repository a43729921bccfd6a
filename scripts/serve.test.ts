import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from './security-headers.mjs';
import { createServer } from './serve.mjs';

/** A raw HTTP request: fetch would normalise the path before sending it. */
function rawGet(port: number, target: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('scripts/serve.mjs', () => {
  let dir: string;
  let server: ReturnType<typeof createServer>;
  let port: number;

  beforeAll(async () => {
    // The served folder "dist" and a sibling whose name starts with it, "dist-secret".
    dir = mkdtempSync(join(tmpdir(), 'serve-test-'));
    mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
    mkdirSync(join(dir, 'dist-secret'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dir, 'dist', 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'dist-secret', 'secret.txt'), 'TOP SECRET');
    writeFileSync(join(dir, 'outside.txt'), 'OUTSIDE');
    server = createServer(join(dir, 'dist'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves files of the folder and the shell for app routes', async () => {
    const asset = await rawGet(port, '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    const route = await rawGet(port, '/svg/svg-to-png');
    expect(route.status).toBe(200);
    expect(route.body).toContain('<title>shell</title>');
  });

  it('never serves a sibling folder whose name starts with the served one, nor anything above it', async () => {
    for (const target of ['/..%2fdist-secret/secret.txt', '/..%2Fdist-secret%2Fsecret.txt', '/%2e%2e/dist-secret/secret.txt', '/..%2f..%2foutside.txt', '/..%2foutside.txt', '/..%5cdist-secret%5csecret.txt']) {
      const res = await rawGet(port, target);
      expect(res.body, target).not.toContain('SECRET');
      expect(res.body, target).not.toContain('OUTSIDE');
      expect([400, 403, 404], target).toContain(res.status);
    }
  });

  it('answers a malformed URL with 400 and no stack or path', async () => {
    for (const target of ['/%ZZ', '/assets/%E0%A4%A', '/%00.txt']) {
      const res = await rawGet(port, target);
      expect(res.status, target).toBe(400);
      expect(res.body, target).not.toMatch(/Error|at |\/tmp|serve-test/);
    }
  });

  it('forbids framing: CSP frame-ancestors in the header, X-Frame-Options for old browsers', async () => {
    for (const target of ['/', '/assets/app.js', '/missing.js', '/%ZZ']) {
      const res = await rawGet(port, target);
      const csp = /^content-security-policy: (.*)$/im.exec(res.headers)?.[1] ?? '';
      expect(csp, target).toContain("frame-ancestors 'none'");
      expect(csp, target).toContain("default-src 'self'");
      expect(res.headers, target).toMatch(/^x-frame-options: DENY$/im);
    }
  });

  it("README's nginx block sends the same security headers", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(readme).toContain(`add_header ${name} "${value}" always;`);
  });
});
