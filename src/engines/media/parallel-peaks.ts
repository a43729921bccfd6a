// Waveform peaks of an MP3 decoded as several runs at once, each by a WebCodecs AudioDecoder of its own. Chromium
// decodes one packet at a time per decoder, a round trip between threads each (a 2-hour 16 kHz MP3 is 200,000
// packets): one decoder leaves the worker mostly waiting, several keep it busy. MP3 frames cannot be merged into
// fewer chunks (Chromium's decoder takes exactly one frame per chunk), so the runs are what helps.
//
// A run starts PREROLL packets before its own part and drops what those decode: an MP3 decoder's state is a
// bounded look back (the bit reservoir, at most 511 bytes; the overlap and synthesis filter, under one frame),
// so after it the samples are exactly those of one decoder going through the whole file (bench/media/waveform.mjs
// compares all peaks of the 2-hour file, equal to the last bit). Codecs with unbounded state (Opus' filters, AAC's
// noise generator) are not split: they go through mediabunny's AudioSampleSink, as do browsers without a decoder.
import { EncodedPacketSink, type EncodedPacket, type InputAudioTrack } from 'mediabunny';
import { Frontier, SampleClock } from './peak-segments';
import type { PeakCollector } from './peaks';

const RUNS = 4;
/** The smallest MP3 frames (8 kbit/s at 24 kHz) are 24 bytes: 32 of them hold any bit reservoir. */
const PREROLL = 32;
/** Packets waiting in each decoder. */
const QUEUE = 64;
/** Below this many packets one run is enough. */
const MIN_PACKETS_PER_RUN = 2000;

/** Whether this track is decoded here (an MP3 the browser's AudioDecoder takes) rather than by the sink. */
export async function canDecodeInRuns(track: InputAudioTrack): Promise<AudioDecoderConfig | null> {
  if (typeof AudioDecoder === 'undefined' || (await track.getCodec()) !== 'mp3') return null;
  const config = await track.getDecoderConfig();
  if (!config) return null;
  try {
    return (await AudioDecoder.isConfigSupported(config)).supported ? config : null;
  } catch {
    return null;
  }
}

/** Where each run's own part starts: the packet at each 1/RUNS of the length (one run for a short file). */
async function runStarts(sink: EncodedPacketSink, first: EncodedPacket, duration: number): Promise<EncodedPacket[]> {
  const runs = Math.max(1, Math.min(RUNS, Math.floor(duration / first.duration / MIN_PACKETS_PER_RUN)));
  const starts = [first];
  for (let r = 1; r < runs; r++) {
    const packet = await sink.getPacket(first.timestamp + ((duration - first.timestamp) * r) / runs);
    if (packet && packet.timestamp > starts[starts.length - 1].timestamp) starts.push(packet);
  }
  return starts;
}

/** Decodes the whole track into `collector` (flushed as runs of buckets complete; not at the end). */
export async function peaksInRuns(track: InputAudioTrack, config: AudioDecoderConfig, duration: number, collector: PeakCollector): Promise<void> {
  const rate = track.sampleRate;
  const sink = new EncodedPacketSink(track);
  const first = await sink.getFirstPacket();
  if (!first) return;
  const starts = await runStarts(sink, first, duration);
  const startFrames = starts.map((p, r) => (r === 0 ? 0 : Math.round(p.timestamp * rate)));
  const frontier = new Frontier(startFrames);
  const decoders: AudioDecoder[] = [];
  let failed: unknown;
  let flushedAt = 0;
  const progress = (run: number, frame: number) => {
    frontier.advance(run, frame);
    const done = frontier.done;
    if (done - flushedAt >= rate) {
      collector.flush(false, done);
      flushedAt = done;
    }
  };

  const run = async (r: number) => {
    const own = starts[r];
    const from = r === 0 ? own : ((await sink.getPacket(Math.max(first.timestamp, own.timestamp - PREROLL * own.duration))) ?? first);
    const keepFrom = startFrames[r];
    const clock = new SampleClock(rate, from.timestamp);
    let wake = () => {};
    let plane = new Float32Array(0);
    const planes: Float32Array[] = [];
    const decoder = new AudioDecoder({
      output: (data) => {
        try {
          const frames = data.numberOfFrames;
          const at = Math.max(0, clock.place(data.timestamp / 1e6, frames));
          if (frames === 0 || (r > 0 && at < keepFrom)) return;
          if (plane.length < frames * data.numberOfChannels) plane = new Float32Array(frames * data.numberOfChannels);
          planes.length = data.numberOfChannels;
          for (let c = 0; c < data.numberOfChannels; c++) {
            planes[c] = plane.subarray(c * frames, (c + 1) * frames);
            data.copyTo(planes[c], { planeIndex: c, format: 'f32-planar' });
          }
          collector.add(at, planes, frames);
          progress(r, at + frames);
        } finally {
          data.close();
        }
      },
      error: (e) => {
        failed ??= e;
        wake();
      },
    });
    decoder.addEventListener('dequeue', () => wake());
    decoders.push(decoder);
    decoder.configure(config);
    for await (const packet of sink.packets(from, starts[r + 1])) {
      if (failed !== undefined) break;
      decoder.decode(packet.toEncodedAudioChunk());
      while (decoder.decodeQueueSize > QUEUE && decoder.state === 'configured') await new Promise<void>((resolve) => (wake = resolve));
    }
    if (decoder.state === 'configured') await decoder.flush();
    if (failed === undefined) frontier.finish(r);
  };

  try {
    await Promise.all(starts.map((_, r) => run(r)));
    if (failed !== undefined) throw failed;
  } finally {
    for (const d of decoders) if (d.state !== 'closed') d.close();
  }
}
