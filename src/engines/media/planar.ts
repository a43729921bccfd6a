import { AudioSample } from 'mediabunny';

/**
 * Decoded audio as planar floats. WebCodecs only promises AudioData.copyTo into 'f32-planar'; other formats are
 * optional, and WebKitGTK 2.50 kills the page on a copy of interleaved 'f32' audio into 'f32' (what mediabunny
 * asks of Opus decoder output). Interleaved samples are re-made here through the one promised conversion before
 * anything else reads them; planar ones pass as they are. Used as mediabunny's audio `process` step.
 */
export function toPlanar(sample: AudioSample): AudioSample {
  if (sample.format.endsWith('-planar')) return sample;
  const frames = sample.numberOfFrames;
  const channels = sample.numberOfChannels;
  const data = new Float32Array(frames * channels);
  for (let c = 0; c < channels; c++) sample.copyTo(data.subarray(c * frames, (c + 1) * frames), { planeIndex: c, format: 'f32-planar' });
  const planar = new AudioSample({ data, format: 'f32-planar', numberOfChannels: channels, sampleRate: sample.sampleRate, timestamp: sample.timestamp });
  sample.close();
  return planar;
}
