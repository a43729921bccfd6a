// How every test and script finds and starts Chromium: CHROME_PATH, else Debian's /usr/bin/chromium.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found: set CHROME_PATH or install it (sudo apt-get install chromium)');
  return found;
}

// --headless is set by playwright's headless mode; the rest keep Chromium from calling home.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function freshProfileDir() {
  return mkdtempSync(path.join(tmpdir(), 'localkit-e2e-'));
}
