// Which tools take a file: the kit knows no tools, so the app provides this (src/app/handoffTargets.ts).
import { createContext } from 'react';

export interface HandoffTarget {
  id: string;
  path: string;
}

export type TargetsFor = (file: { name: string; type: string; size: number }) => HandoffTarget[];

/** The tools that take every one of the files (the registry's order). */
export function commonTargets(targetsFor: TargetsFor, files: { name: string; type: string; size: number }[]): HandoffTarget[] {
  if (!files.length) return [];
  const [first, ...rest] = files.map((f) => targetsFor(f));
  return first.filter((tool) => rest.every((list) => list.some((t) => t.id === tool.id)));
}

/**
 * Loads the function that says which tools take a file. The app provides it from the registry (the kit knows no
 * tools), loaded only where it is used, so the home page does not carry every tool's file types.
 */
export const HandoffTargets = createContext<() => Promise<TargetsFor>>(() => Promise.resolve(() => []));

/** A tool's route by its id, from the registry (provided by the app): a page sends files to another tool by name. */
export const ToolPaths = createContext<(id: string) => string | undefined>(() => undefined);
