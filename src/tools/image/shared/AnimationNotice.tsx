import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gifFrameCount } from '../../../engines/codecs/gif-frames';
import { LABEL, type OutputFormat } from '../../../engines/codecs/formats';

interface Row {
  id: string;
  file: File;
}

/**
 * Animated GIFs among the files, said as soon as they are added (before processing): GIF and WebP output keep the
 * animation; any other format keeps only the first frame.
 */
export function AnimationNotice({ rows, output }: { rows: Row[]; output: OutputFormat | 'keep' }) {
  const { t } = useTranslation('image-codecs');
  const [frames, setFrames] = useState<Record<string, number>>({});

  useEffect(() => {
    for (const row of rows) {
      if (row.id in frames || !/\.gif$/i.test(row.file.name) && row.file.type !== 'image/gif') continue;
      void row.file.arrayBuffer().then((b) => setFrames((f) => ({ ...f, [row.id]: gifFrameCount(new Uint8Array(b)) })));
    }
  }, [rows, frames]);

  const animated = rows.filter((r) => (frames[r.id] ?? 0) > 1);
  if (animated.length === 0) return null;
  const keeps = output === 'gif' || output === 'webp' || output === 'keep';
  return (
    <ul className="space-y-1 text-sm" data-testid="animation-notes">
      {animated.map((r) => (
        <li key={r.id} className={keeps ? 'text-zinc-700 dark:text-zinc-300' : 'text-amber-800 dark:text-amber-300'} data-testid="animation-note" data-name={r.file.name} data-keeps={keeps}>
          {t(keeps ? 'animation.kept' : 'animation.firstFrame', { name: r.file.name, frames: frames[r.id], format: output === 'keep' ? 'GIF' : LABEL[output] })}
        </li>
      ))}
    </ul>
  );
}
