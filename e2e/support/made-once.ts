import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';

/**
 * `dir/name`, made by `make` only when missing: `make` writes to the path it is given, which is renamed into place
 * once written whole, so a run stopped half-way or a second spec making the same file at once never leaves a partial
 * file for the next reader. Name `dir` after the recipe's version, so a changed recipe is made anew.
 */
export function madeOnce(dir: string, name: string, make: (partial: string) => void): string {
  const file = path.join(dir, name);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const partial = path.join(dir, `${process.pid}.partial${path.extname(name)}`);
  make(partial);
  renameSync(partial, file);
  return file;
}
