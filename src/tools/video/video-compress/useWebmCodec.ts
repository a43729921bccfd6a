import { useEffect, useState } from 'react';
import { browserCapabilities } from '../../../engines/media/capabilities';
import { webmCodecFor } from '../../../engines/media/planner';

const NAMES = { av1: 'AV1', vp9: 'VP9' } as const;

/**
 * The codec this browser's WebM gets for each encoder choice, as the planner will pick it (asked of WebCodecs at
 * 720p; the job asks again at the real size). Null until asked, or when `active` is false.
 */
export function useWebmCodec(active: boolean, vp8: string): { smallest: string; fast: string } | null {
  const [available, setAvailable] = useState<{ av1: boolean; vp9: boolean } | null>(null);
  useEffect(() => {
    if (!active || available) return;
    let live = true;
    const ask = (codec: 'av1' | 'vp9') => browserCapabilities.videoEncoder(codec, 1280, 720, 2_000_000);
    void Promise.all([ask('av1'), ask('vp9')]).then(([av1, vp9]) => live && setAvailable({ av1, vp9 }));
    return () => {
      live = false;
    };
  }, [active, available]);
  if (!active || !available) return null;
  const name = (c: 'av1' | 'vp9' | 'vp8') => (c === 'vp8' ? vp8 : NAMES[c]);
  return { smallest: name(webmCodecFor(available, true)), fast: name(webmCodecFor(available, false)) };
}
