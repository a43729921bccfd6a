// ImageMagick's reading of an image file: "FORMAT WIDTHxHEIGHT" (e.g. "WEBP 225x150"), from a program we did not write.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function identify(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'identify-'));
  try {
    const file = path.join(dir, 'image');
    writeFileSync(file, bytes);
    return execFileSync('/usr/bin/identify', ['-format', '%m %wx%h', file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
