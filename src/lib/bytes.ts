const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> "1.5 KB" (powers of 1024, as file managers show). */
export function formatBytes(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/** Result size relative to the original: 0.25 means the result is a quarter of the input. */
export function sizeRatio(original: number, result: number): number | undefined {
  return original > 0 ? result / original : undefined;
}

/** "-75%" for a file a quarter of its original size, "+10%" for one that grew. */
export function formatChange(original: number, result: number): string {
  const ratio = sizeRatio(original, result);
  if (ratio === undefined) return '—';
  const pct = Math.round((ratio - 1) * 100);
  return `${pct > 0 ? '+' : ''}${pct}%`;
}

/** Seconds -> "1:05" or "1:02:03". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
