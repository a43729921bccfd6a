// For unit tests only (Node): bounds on work that the machine's load does not decide.

/**
 * Starts a clock of the CPU time (user + system) this test process spends from now; calling it gives the
 * milliseconds so far. Unlike wall time it does not grow when other processes share the cores, so a bound on it
 * fails for runaway work, not for a busy machine. (Vitest runs each test file in its own process.)
 */
export function cpuClock(): () => number {
  const start = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
}
