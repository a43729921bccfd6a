// Tempo with the pitch kept, shared by audio speed and video speed: ffmpeg's atempo (WSOLA) changes the tempo and keeps
// the pitch. Pure: builds filter chains and scales timestamps.

/** atempo takes 0.5 to 2 per instance (wider factors sound worse): a factor outside is split into several. */
export function atempoChain(factor: number): string[] {
  const parts: string[] = [];
  let rest = factor;
  while (rest > 2) {
    parts.push('atempo=2');
    rest /= 2;
  }
  while (rest < 0.5) {
    parts.push('atempo=0.5');
    rest /= 0.5;
  }
  if (Math.abs(rest - 1) > 1e-9) parts.push(`atempo=${rest.toFixed(6)}`);
  return parts;
}

/**
 * The -af chain that plays `seconds` of sound `factor` times as fast, pitch kept, cut to exactly seconds ÷ factor:
 * atempo drops its last few tens of milliseconds when the input ends, so a second of silence goes after the input first.
 */
export function tempoFilter(factor: number, seconds: number): string {
  return ['apad=pad_dur=1', ...atempoChain(factor), `atrim=end=${(seconds / factor).toFixed(6)}`].join(',');
}

/** A media timestamp (or duration), in seconds, at `factor` times the speed. */
export function scaleTime(seconds: number, factor: number): number {
  return seconds / factor;
}
