// The app's own video path in the bench page: the built media worker (DIST, default dist/) driven through Comlink,
// as the video compressor's page drives it, with one encoder or with one per core (issue 15's parallel path).
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SAVE_IN_PAGE } from './harness.mjs';

/** Copies the built assets and Comlink into the bench's web root; returns the media worker's URL path, or null without a build. */
export function stageApp(www, dist = process.env.DIST ?? 'dist') {
  const assets = path.join(dist, 'assets');
  let names;
  try {
    names = readdirSync(assets);
  } catch {
    return null;
  }
  const worker = names.find((n) => /^worker-.*\.js$/.test(n) && readFileSync(path.join(assets, n), 'utf8').includes('encodeSegment'));
  if (!worker) return null;
  cpSync(assets, path.join(www, 'assets'), { recursive: true });
  cpSync('node_modules/comlink/dist/esm/comlink.mjs', path.join(www, 'comlink.mjs'));
  return `/assets/${worker}`;
}

/**
 * The video compressor's settings that give `bitrate` bit/s of video with 128 kbit/s of sound over `seconds`:
 * the target-size mode (src/engines/media/bitrate.ts: 3 % container overhead, sound at the medium level's 128 kbit/s).
 */
export function settingsFor(bitrate, seconds) {
  const targetMB = ((bitrate + 128_000) * seconds) / 8 / 0.97 / 1024 / 1024;
  return { container: 'mp4', mode: 'size', quality: 'medium', percent: 50, targetMB, maxHeight: 0, maxFps: 0, keepAudio: true };
}

/** Runs one compression in the page; `maxEncoders` 1 is the one-encoder path. Saves the output as `name`.mp4 (an MP4 is asked for). */
export function encodeWithApp(page, workerUrl, name, settings, maxEncoders) {
  return page.evaluate(`(async () => {
    const Comlink = await import('/comlink.mjs');
    const worker = new Worker('${workerUrl}', { type: 'module' });
    const api = Comlink.wrap(worker);
    const blob = await (await fetch('/source.mp4')).blob();
    const file = new File([blob], 'source.mp4', { type: 'video/mp4' });
    let frames;
    // The segment encoders, started by the page as the app's segment-workers.ts does.
    const segmentWorkers = [];
    const encoders = Comlink.proxy({
      async spawn() {
        const w = new Worker('${workerUrl}', { type: 'module' });
        const id = segmentWorkers.push(w) - 1;
        const { port1, port2 } = new MessageChannel();
        await Comlink.wrap(w).connect(Comlink.transfer(port2, [port2]));
        return Comlink.transfer({ id, port: port1 }, [port1]);
      },
      failure: () => new Promise(() => {}),
      stop() {
        segmentWorkers.splice(0).forEach((w) => w.terminate());
      },
    });
    const t = performance.now();
    const progress = Comlink.proxy((p) => { if (p.unit === 'frames') frames = { done: p.done, total: p.total }; });
    const envelope = await api.compressVideo(file, ${JSON.stringify(settings)}, progress, null, encoders, ${maxEncoders ?? 'undefined'});
    if (!envelope.ok) throw new Error('The media worker failed: ' + JSON.stringify(envelope.error));
    const result = envelope.value;
    const seconds = (performance.now() - t) / 1000;
    worker.terminate();
    const bytes = new Uint8Array(result.data instanceof Blob ? await result.data.arrayBuffer() : result.data);
    ${SAVE_IN_PAGE(`${name}.mp4`)}
    return { seconds, note: result.facts.note, frames, cores: navigator.hardwareConcurrency };
  })()`);
}
