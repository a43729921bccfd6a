#!/usr/bin/env node
// Serves the production build (dist/) the way a static host should:
// SPA fallback for deep links, the privacy and isolation headers, long caching for hashed assets.
// Usage: node scripts/serve.mjs [--port 4173] [--host 127.0.0.1] [--dir dist]
import { createReadStream, promises as fs } from 'node:fs';
import { gzipSync } from 'node:zlib';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECURITY_HEADERS } from './security-headers.mjs';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.onnx': 'application/octet-stream',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml', '.wasm']);
const gzipCache = new Map();

/** Gzipped bytes of a file, made once per file version (mtime + size). */
async function gzipped(file, stat) {
  const key = `${file}:${stat.mtimeMs}:${stat.size}`;
  let body = gzipCache.get(key);
  if (!body) {
    body = gzipSync(await fs.readFile(file), { level: 9 });
    gzipCache.set(key, body);
  }
  return body;
}

/**
 * The file a URL path names inside rootDir (status 200), or why it names none there: 400 for a
 * malformed escape (%ZZ) or a NUL byte, 403 for a path that climbs out. The comparison ends with a
 * separator, so "/..%2fdist-secret/x" cannot reach a sibling whose name merely starts with the root's.
 */
export function resolveInside(rootDir, urlPath) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(urlPath, 'http://localhost').pathname);
  } catch {
    return { status: 400 };
  }
  if (pathname.includes('\0')) return { status: 400 };
  const file = path.join(rootDir, pathname);
  if (file !== rootDir && !file.startsWith(rootDir + path.sep)) return { status: 403 };
  return { status: 200, file, pathname };
}

export function createServer(root) {
  const rootDir = path.resolve(root);
  return http.createServer(async (req, res) => {
    try {
      const target = resolveInside(rootDir, req.url ?? '/');
      if (target.status === 400) return send(res, 400, 'Bad request');
      if (target.status === 403) return send(res, 403, 'Forbidden');
      const { pathname } = target;
      let { file } = target;
      let stat = await fs.stat(file).catch(() => null);
      if (stat?.isDirectory()) {
        file = path.join(file, 'index.html');
        stat = await fs.stat(file).catch(() => null);
      }
      if (!stat) {
        // A path without a file extension is an app route: serve the shell (SPA fallback).
        // A missing asset stays a 404, so a stale chunk fails loudly and the app can reload.
        if (path.extname(pathname)) return send(res, 404, 'Not found');
        file = path.join(rootDir, 'index.html');
        stat = await fs.stat(file);
      }
      const ext = path.extname(file);
      const headers = {
        ...SECURITY_HEADERS,
        'Content-Type': MIME[ext] ?? 'application/octet-stream',
        'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        Vary: 'Accept-Encoding',
      };
      if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        const body = await gzipped(file, stat);
        res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
        return res.end(req.method === 'HEAD' ? undefined : body);
      }
      res.writeHead(200, { ...headers, 'Content-Length': stat.size });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).on('error', () => res.destroy()).pipe(res);
    } catch (error) {
      // The details go to the server's log, never to the client.
      console.error(error);
      if (!res.headersSent) send(res, 500, 'Internal server error');
      else res.destroy();
    }
  });
}

function send(res, status, text) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = arg('dir', path.join(here, '..', 'dist'));
  const port = Number(arg('port', process.env.PORT ?? 4173));
  const host = arg('host', process.env.HOST ?? '127.0.0.1');
  createServer(dir).listen(port, host, () => {
    console.log(`Localkit is running at http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/`);
  });
}
