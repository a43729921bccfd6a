import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createServer } from '../../scripts/serve.mjs';
import { writeMatrix } from './matrix-report';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Serves the production build (dist/) on 127.0.0.1 with the same server `npm start` uses. */
export default async function setup(project: TestProject) {
  const dist = path.resolve(process.env.E2E_DIST ?? 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('No build in dist/: run `npm run build` first (npm test does).');
  const server = createServer(dist);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    writeMatrix();
  };
}
