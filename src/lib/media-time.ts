// Times people type for a video: "1:02:03.250", "02:03.5", "75.25" (seconds); a comma works as the decimal mark.

/** Seconds from hh:mm:ss.mmm, mm:ss.mmm or plain seconds; null when the text is no such time. */
export function parseMediaTime(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d+(:\d{1,2}){0,2}(\.\d*)?$/.test(s)) return null;
  const parts = s.split(':');
  const seconds = Number(parts.pop());
  const minutes = parts.length ? Number(parts.pop()) : 0;
  const hours = parts.length ? Number(parts.pop()) : 0;
  // 1:75 is no time; the first field of several may be as large as it likes only when alone.
  if (s.includes(':') && seconds >= 60) return null;
  if (parts.length === 0 && s.split(':').length === 3 && minutes >= 60) return null;
  const total = hours * 3600 + minutes * 60 + seconds;
  return Number.isFinite(total) ? Math.round(total * 1000) / 1000 : null;
}

/** hh:mm:ss.mmm (the hours only when there are some), for names and the row. */
export function formatMediaTime(seconds: number, separator = ':'): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = (ms % 60_000) / 1000;
  const mmss = `${String(m).padStart(2, '0')}${separator}${sec.toFixed(3).padStart(6, '0')}`;
  return h ? `${String(h).padStart(2, '0')}${separator}${mmss}` : mmss;
}
