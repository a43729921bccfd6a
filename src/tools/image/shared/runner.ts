import { EXTENSION, LABEL } from '../../../engines/codecs/formats';
import type { CodecJob } from '../../../engines/codecs/types';
import type { CodecSuccess } from '../../../engines/codecs/worker';
import type { JobRunner } from '../../../runtime/jobs';
import { replaceExtension } from '../../../lib/download';

/** What a lossless JPEG result says: nothing re-encoded, and whether the block grid moved an edge. */
function losslessNote(out: CodecSuccess): string {
  if (out.trimmed && (out.trimmed.width || out.trimmed.height)) return 'image-codecs:files.losslessTrimmed';
  return 'image-codecs:files.lossless';
}

/** A file tool's job over the codec engine: the tool only says how its settings become a CodecJob. */
export function codecRunner<S>(toJob: (settings: S) => CodecJob, fallbackKey: string): JobRunner<S> {
  return async (file, settings, ctx) => {
    // The engine (and its worker pool) is loaded with the first file, not with the page.
    const { runCodecJob } = await import('../../../engines/codecs/client');
    const out = await runCodecJob(file, toJob(settings), ctx, fallbackKey);
    return {
      blob: new Blob([out.bytes as BlobPart], { type: `image/${out.format}` }),
      name: replaceExtension(file.name, EXTENSION[out.format]),
      facts: {
        format: LABEL[out.format],
        width: out.width,
        height: out.height,
        ...(out.quality !== undefined ? { quality: out.quality } : {}),
        ...(out.score !== undefined ? { score: Math.floor(out.score * 10) / 10 } : {}),
        ...(out.targetReached === false ? { target: out.score !== undefined ? 'scoreMissed' : 'missed' } : {}),
        ...(out.keptOriginal ? { note: 'image-codecs:files.originalKept' } : {}),
        ...(out.lossless ? { note: losslessNote(out) } : {}),
        ...(out.nearLossless ? { note: 'image-codecs:files.nearLossless' } : {}),
        ...(out.metadataDropped ? { metadataNote: 'image-codecs:files.metadataDropped' } : {}),
        ...(out.cropped ? { cropX: out.cropped.x, cropY: out.cropped.y, cropWidth: out.cropped.width, cropHeight: out.cropped.height } : {}),
        inputWidth: out.inputWidth,
        inputHeight: out.inputHeight,
      },
    };
  };
}
