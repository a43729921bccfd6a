// ffmpeg.wasm in the bench page: the threaded core (what the app uses when cross-origin isolated) and the
// single-thread core (what it uses otherwise), running libx264 veryfast as native ffmpeg does.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { SAVE_IN_PAGE } from './harness.mjs';

/** Copies the ffmpeg.wasm library and both cores into the bench's web root. */
export function stageWasm(www) {
  cpSync('node_modules/@ffmpeg/ffmpeg/dist/esm', path.join(www, 'ffmpeg-lib'), { recursive: true });
  cpSync('node_modules/@ffmpeg/core-mt/dist/esm', path.join(www, 'core-mt'), { recursive: true });
  cpSync('node_modules/@ffmpeg/core/dist/esm', path.join(www, 'core'), { recursive: true });
}

/** One encode of /source.mp4 at `bitrate` with `core` ('core-mt' or 'core'); null when the core fails in this harness. */
export function encodeWasm(page, core, name, bitrate) {
  return page.evaluate(`(async () => {
    const { FFmpeg } = await import('/ffmpeg-lib/index.js');
    const ffmpeg = new FFmpeg();
    const tl = performance.now();
    const blobURL = async (u, type) => URL.createObjectURL(new Blob([await (await fetch(u)).arrayBuffer()], { type }));
    const c = '/${core}/';
    await ffmpeg.load({ coreURL: await blobURL(c + 'ffmpeg-core.js', 'text/javascript'), wasmURL: await blobURL(c + 'ffmpeg-core.wasm', 'application/wasm'), ...(c === '/core-mt/' ? { workerURL: await blobURL(c + 'ffmpeg-core.worker.js', 'text/javascript') } : {}) });
    const load = (performance.now() - tl) / 1000;
    await ffmpeg.writeFile('in.mp4', new Uint8Array(await (await fetch('/source.mp4')).arrayBuffer()));
    const t = performance.now();
    // -threads as for native: left to itself x264 starts 1.5 threads per core plus lookahead threads, and the
    // threaded core dies on that with "RuntimeError: function signature mismatch" in a pthread, which
    // surfaces as "Cannot read properties of undefined (reading 'startsWith')".
    const code = await ffmpeg.exec(['-i', 'in.mp4', '-c:v', 'libx264', '-preset', 'veryfast', '-threads', '2', '-b:v', '${bitrate}', '-c:a', 'aac', '-b:a', '128k', 'out.mp4']);
    if (code !== 0) throw new Error('ffmpeg exited with ' + code);
    const seconds = (performance.now() - t) / 1000;
    const bytes = await ffmpeg.readFile('out.mp4');
    ${SAVE_IN_PAGE(name)}
    ffmpeg.terminate();
    return { seconds, load, isolated: crossOriginIsolated };
  })()`).catch((e) => {
    console.log(`ffmpeg.wasm (${core}) run failed in this harness: ${e.message.split('\n')[0]}`);
    return null;
  });
}
