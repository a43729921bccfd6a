// What bench/media/waveform.mjs runs in the page: the app's own peaks code and the mediabunny it is built with.
export { computePeaks, sinkPeaks, PeakCollector } from '../../src/engines/media/peaks.ts';
export { openInput } from '../../src/engines/media/audio-packet-trim.ts';
