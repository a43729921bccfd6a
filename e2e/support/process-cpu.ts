// CPU time of a Chromium's threads, read from /proc (Linux): a worker left running after a cancel shows here
// whatever the DevTools protocol can see of it (ffmpeg.wasm's pthreads are workers started by a worker).
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/** State fields after the command name (which may hold spaces): ppid is [1], utime [11], stime [12]. */
function fields(file: string): { name: string; f: string[] } | undefined {
  try {
    const s = readFileSync(file, 'utf8');
    return { name: s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')), f: s.slice(s.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** The processes of the Chromium started on `profileDir`: the browser and every process under it. */
function chromiumProcesses(profileDir: string): string[] {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const root = pids.find((p) => {
    try {
      const args = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      return args.includes(`--user-data-dir=${profileDir}`) && !args.some((a) => a.startsWith('--type='));
    } catch {
      return false;
    }
  });
  if (!root) throw new Error(`no Chromium runs on ${profileDir}`);
  const parent = new Map(pids.map((p) => [p, fields(`/proc/${p}/stat`)?.f[1]] as const));
  const mine = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of parent) {
      if (!pp || mine.has(p) || !mine.has(pp)) continue;
      mine.add(p);
      grew = true;
    }
  }
  return [...mine];
}

/** CPU seconds so far of each live thread whose name starts with `prefix`, keyed by pid/tid. */
function threadCpu(pids: string[], prefix: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of pids) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const tid of tids) {
      const t = fields(`/proc/${pid}/task/${tid}/stat`);
      if (t?.name.startsWith(prefix)) out.set(`${pid}/${tid}`, (Number(t.f[11]) + Number(t.f[12])) / TICK);
    }
  }
  return out;
}

/**
 * CPU seconds the Chromium on `profileDir` spent over the next `ms` in its Web Worker threads ("DedicatedWorker
 * thread"), and how many of them used any. The service worker's background downloads are not counted.
 */
export async function workerCpuOver(profileDir: string, ms: number): Promise<{ cpu: number; busyThreads: number }> {
  const pids = chromiumProcesses(profileDir);
  const before = threadCpu(pids, 'DedicatedWorker');
  await new Promise((r) => setTimeout(r, ms));
  const after = threadCpu(pids, 'DedicatedWorker');
  let cpu = 0;
  let busyThreads = 0;
  for (const [k, v] of after) {
    const d = v - (before.get(k) ?? 0);
    cpu += d;
    if (d > 0) busyThreads++;
  }
  return { cpu, busyThreads };
}

/** How many Web Worker threads the Chromium on `profileDir` has alive now. */
export function workerThreads(profileDir: string): number {
  return threadCpu(chromiumProcesses(profileDir), 'DedicatedWorker').size;
}

/** Resident memory now of the Chromium on `profileDir`: all its processes together and the largest one, in bytes. */
export function chromiumRss(profileDir: string): { total: number; largest: number } {
  let total = 0;
  let largest = 0;
  for (const pid of chromiumProcesses(profileDir)) {
    let kb: number;
    try {
      kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      continue; // gone meanwhile
    }
    total += kb * 1024;
    largest = Math.max(largest, kb * 1024);
  }
  return { total, largest };
}

/** Samples `chromiumRss` every `ms` until stopped; the peaks seen. */
export function watchRss(profileDir: string, ms = 500): { stop: () => { total: number; largest: number } } {
  const peak = { total: 0, largest: 0 };
  const sample = () => {
    try {
      const now = chromiumRss(profileDir);
      peak.total = Math.max(peak.total, now.total);
      peak.largest = Math.max(peak.largest, now.largest);
    } catch {
      // the browser is closing
    }
  };
  sample();
  const timer = setInterval(sample, ms);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
