import { BufferTarget, StreamTarget } from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { createOutputFile } from './output-store';

export interface OpenTarget {
  target: BufferTarget | StreamTarget;
  /** The finished output (a file in OPFS, or the bytes in memory); an empty one is an error. */
  result(): Promise<ArrayBuffer | Blob>;
  /** Drops a half-written file. */
  abort(): Promise<void>;
}

/** Where an output is written: a new file in the page's OPFS folder, or memory when there is none or workers cannot write there. */
export async function openTarget(diskFolder: string | null | undefined, extension: string): Promise<OpenTarget> {
  const disk = diskFolder ? await createOutputFile(diskFolder, extension).catch(() => null) : null;
  const target = disk ? new StreamTarget(disk.writable, { chunked: true }) : new BufferTarget();
  return {
    target,
    async result() {
      const data = disk ? await disk.file() : (target as BufferTarget).buffer;
      if (!data || (data instanceof Blob ? data.size : data.byteLength) === 0) throw new ToolError('media:errors.decodeFailed');
      return data;
    },
    abort: async () => {
      await disk?.writable.abort().catch(() => {});
    },
  };
}
