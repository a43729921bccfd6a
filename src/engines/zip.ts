import { AsyncZipDeflate, Zip, ZipPassThrough } from 'fflate';
import { safeZipNames } from './zip-names';

interface ZipEntry {
  name: string;
  blob: Blob;
  /** The folder inside the archive ('a/b'), for files that came from a folder; each part is made safe too. */
  folder?: string;
}

// Formats that are compressed already: storing them is as small and much faster than deflating again.
const STORED = /\.(png|jpe?g|webp|avif|gif|jxl|heic|mp4|m4a|webm|mov|mkv|mp3|ogg|opus|aac|flac|zip|gz|woff2?|pdf|ico)$/i;

/**
 * Builds a ZIP from the entries with fflate, streaming: deflate runs in fflate's own worker for
 * compressible files, already-compressed files are stored. Entry names are made safe and unique
 * (zip-names.ts). Reports files done of total.
 */
export async function createZip(entries: ZipEntry[], onProgress?: (done: number, total: number) => void): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk as Uint8Array<ArrayBuffer>);
      if (final) resolve();
    });
    void (async () => {
      try {
        let done = 0;
        const names = safeZipNames(entries.map((e) => e.name), entries.map((e) => e.folder ?? ''));
        for (const [i, entry] of entries.entries()) {
          const data = new Uint8Array(await entry.blob.arrayBuffer());
          const name = names[i];
          const file = STORED.test(name) ? new ZipPassThrough(name) : new AsyncZipDeflate(name, { level: 6 });
          // Made on Unix, mode 0644: Info-ZIP's unzip (Debian, macOS) then reads the names as the UTF-8
          // the flag says they are, where for an MS-DOS entry it decodes them as code page 437.
          file.os = 3;
          file.attrs = 0o100644 << 16;
          zip.add(file);
          file.push(data, true);
          onProgress?.(++done, entries.length);
        }
        zip.end();
      } catch (error) {
        reject(error);
      }
    })();
  });
  await finished;
  return new Blob(chunks, { type: 'application/zip' });
}
