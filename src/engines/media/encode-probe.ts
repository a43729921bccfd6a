// A real check that an audio encoder works, before a user's file goes through it: isConfigSupported can say yes
// for an encoder whose output then fails (WebKitGTK 2.50 writes FLAC frames that no muxer can read, and its MP3s
// lose their last ~0.15 s). A quarter second of tone is encoded and muxed into the wanted container and read back:
// it must hold at least 80% of that time. The answer is kept per codec, container, rate and channels.
// Runs in the media worker.
import { measureAudio } from './measure';
import { AudioSample, AudioSampleSource, BufferTarget, Output, Quality, type AudioCodec, type OutputFormat } from 'mediabunny';

const answers = new Map<string, Promise<boolean>>();
const SECONDS = 0.25;

/** A 440 Hz tone, planar float samples. */
function tone(sampleRate: number, channels: number, seconds: number): Float32Array {
  const frames = Math.round(sampleRate * seconds);
  const data = new Float32Array(frames * channels);
  for (let c = 0; c < channels; c++) {
    for (let i = 0; i < frames; i++) data[c * frames + i] = 0.25 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
  }
  return data;
}

async function tryEncode(codec: AudioCodec, format: OutputFormat, sampleRate: number, channels: number, bitrate: number | undefined): Promise<boolean> {
  const target = new BufferTarget();
  const output = new Output({ format, target });
  try {
    const source = new AudioSampleSource({ codec, ...(bitrate ? { bitrate: new Quality({ bitrate }) } : {}) });
    output.addAudioTrack(source);
    await output.start();
    const sample = new AudioSample({ data: tone(sampleRate, channels, SECONDS), format: 'f32-planar', numberOfChannels: channels, sampleRate, timestamp: 0 });
    await source.add(sample);
    sample.close();
    source.close();
    await output.finalize();
    const written = await measureAudio(target.buffer!);
    if (written.duration >= SECONDS * 0.8) return true;
    console.warn(`The ${codec} encoder wrote ${written.duration} s of ${SECONDS} s; another engine will be used.`);
    return false;
  } catch (error) {
    console.warn(`The ${codec} encoder failed its check; another engine will be used.`, error);
    await output.cancel().catch(() => {});
    return false;
  }
}

/** Whether `codec` really encodes and muxes into `format` at this rate and channel count (once per combination). */
export function audioEncoderWorks(codec: AudioCodec, format: OutputFormat, sampleRate: number, channels: number, bitrate?: number): Promise<boolean> {
  const key = `${codec}/${format.fileExtension}/${sampleRate}/${channels}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = tryEncode(codec, format, sampleRate, channels, bitrate);
    answers.set(key, answer);
  }
  return answer;
}
