import { AsyncZipDeflate, Zip, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  name: string;
  blob: Blob;
}

// Formats that are compressed already: storing them is as small and much faster than deflating again.
const STORED = /\.(png|jpe?g|webp|avif|gif|jxl|heic|mp4|m4a|webm|mov|mkv|mp3|ogg|opus|aac|flac|zip|gz|woff2?|pdf|ico)$/i;

/**
 * Builds a ZIP from the entries with fflate, streaming: deflate runs in fflate's own worker for
 * compressible files, already-compressed files are stored. Reports files done of total.
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
        for (const entry of entries) {
          const data = new Uint8Array(await entry.blob.arrayBuffer());
          const file = STORED.test(entry.name) ? new ZipPassThrough(entry.name) : new AsyncZipDeflate(entry.name, { level: 6 });
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
