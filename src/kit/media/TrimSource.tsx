import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RangeMode, TimeRange } from '../../lib/time-ranges';
import { RangeEditor } from '../RangeEditor';
import { useObjectUrl } from '../useObjectUrl';
import { extensionOf } from '../../lib/download';

interface Props {
  /** The first file of the batch: its player is the scrubbing preview and its length the timeline's. */
  file?: File;
  kind: 'video' | 'audio';
  ranges: TimeRange[];
  mode: RangeMode;
  onChange: (patch: { ranges?: TimeRange[]; mode?: RangeMode }) => void;
  /** The timeline's renderer, given the source's length (and its pictures' width/height) once the player knows it. */
  background?: (duration: number, aspect: number) => ReactNode;
}

const TRANSPORT_STREAMS = new Set(['ts', 'mts', 'm2ts']);

/** The range editor of the trim tools on their first file, with a player that follows the handles. */
export function TrimSource({ file, kind, ranges, mode, onChange, background }: Props) {
  const { t } = useTranslation('media');
  const url = useObjectUrl(file);
  const player = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  // 'file': read from the file's own timestamps, which a player's length (an estimate for MPEG-TS) never replaces.
  const [duration, setDuration] = useState<{ file: File; seconds: number; aspect: number; from: 'player' | 'file' }>();
  const length = duration && duration.file === file ? duration.seconds : undefined;
  const current = useRef({ ranges, duration });
  useEffect(() => {
    current.current = { ranges, duration };
  });
  // A video the player cannot open (no browser plays MPEG-TS or AVI): its timeline read from the file in a worker
  // ('read'), or none ('none'), and the page says which.
  const [unplayable, setUnplayable] = useState<{ file: File; timeline?: 'read' | 'none' }>();
  const fallback = unplayable?.file === file ? unplayable : undefined;
  // While the player seeks, only the latest handle time waits: a drag never queues a seek per pointer move.
  const pending = useRef<number | null>(null);
  const loaded = (seconds: number, aspect: number, from: 'player' | 'file') => {
    if (!file || !Number.isFinite(seconds) || seconds <= 0) return;
    const { ranges: marked, duration: before } = current.current;
    const known = before?.file === file ? before : undefined;
    if (known?.from === 'file' && from === 'player') return;
    setDuration({ file, seconds, aspect: aspect || known?.aspect || 0, from });
    // A new timeline starts with the whole file marked, unless the ranges (stored, or from a preset) fit it; the whole
    // of a player's estimate becomes the whole of the file's real length.
    const wholeOfEstimate = known && marked.length === 1 && marked[0]!.start === 0 && marked[0]!.end === known.seconds;
    if (!marked.length || marked.every((r) => r.start >= seconds) || wholeOfEstimate) onChange({ ranges: [{ start: 0, end: seconds }] });
  };
  const seek = (time: number) => {
    const p = player.current;
    if (!p) return;
    if (p.seeking) pending.current = time;
    else p.currentTime = time;
  };
  const seeked = () => {
    const next = pending.current;
    pending.current = null;
    if (next !== null && player.current) player.current.currentTime = next;
  };
  // A player's length of an MPEG-TS (WebKit's GStreamer plays it) is estimated from its bit rate: read from the file too.
  const estimated = !!file && kind === 'video' && TRANSPORT_STREAMS.has(extensionOf(file.name));
  // The player's failure and the read's outcome are refs, not the effect's inputs: a TS whose read has begun is not
  // read again when the player then gives up on it (Chromium), only told how the read went.
  const failed = useRef<File>(undefined);
  const outcome = useRef<{ file: File; timeline: 'read' | 'none' }>(undefined);
  const needsRead = !!file && (estimated || !!fallback);
  const playerFailed = () => {
    if (kind !== 'video' || !file) return;
    failed.current = file;
    setUnplayable({ file, timeline: outcome.current?.file === file ? outcome.current.timeline : undefined });
  };
  useEffect(() => {
    if (!file || !needsRead) return;
    let live = true;
    let pool: { terminate: () => void } | undefined;
    const stop = new AbortController();
    void import('../../engines/media/client')
      .then(async ({ timelinePool, ffmpegTimeline }) => {
        if (!live) return null;
        const p = timelinePool('timeline');
        pool = p;
        const read = await p.call((api) => api.timeline(file)).catch(() => null);
        p.terminate();
        // AVI, FLV: mediabunny cannot read them either; ffmpeg.wasm (which their trim re-encodes with) can.
        return read ?? (kind === 'video' && live ? ffmpegTimeline(file, stop.signal) : null);
      })
      .catch(() => null)
      .then((read) => {
        pool?.terminate();
        if (!live) return;
        if (read) loaded(read.duration, read.aspect, 'file');
        outcome.current = { file, timeline: read ? 'read' : 'none' };
        if (failed.current === file) setUnplayable(outcome.current);
      });
    return () => {
      live = false;
      pool?.terminate();
      stop.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per file the player could not open or only estimates
  }, [file, needsRead]);
  const Media = kind === 'video' ? 'video' : 'audio';
  return (
    <section className="panel space-y-3" aria-label={t('trim.title')}>
      <h2 className="text-sm font-medium">{t('trim.title')}</h2>
      {url && (
        <Media
          ref={player}
          src={url}
          controls
          preload="metadata"
          className={kind === 'video' ? 'max-h-72 w-full rounded-md bg-black' : 'w-full'}
          onLoadedMetadata={(e) => loaded(e.currentTarget.duration, kind === 'video' ? e.currentTarget.videoWidth / e.currentTarget.videoHeight : 0, 'player')}
          onSeeked={seeked}
          onError={playerFailed}
          hidden={!!fallback}
          data-testid="trim-player"
        />
      )}
      {fallback?.timeline && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="trim-no-player">
          {t(fallback.timeline === 'read' ? 'trim.noPlayer' : 'trim.noTimeline', { type: extensionOf(file?.name ?? '').toUpperCase() || '?' })}
        </p>
      )}
      {!file && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('trim.addFirst')}</p>}
      <RangeEditor
        duration={length}
        ranges={ranges}
        mode={mode}
        onChange={(r) => onChange({ ranges: r })}
        onModeChange={(m) => onChange({ mode: m })}
        onSeek={seek}
        background={length && background ? background(length, duration?.aspect ?? 0) : undefined}
        labels={{
          timeline: t('trim.timeline'),
          start: t('trim.start'),
          end: t('trim.end'),
          range: (n) => t('trim.range', { n }),
          add: t('trim.add'),
          remove: t('trim.removeRange'),
          mode: t('trim.mode'),
          keep: t('trim.keep'),
          cut: t('trim.cut'),
          invalid: t('trim.invalid'),
        }}
      />
    </section>
  );
}
