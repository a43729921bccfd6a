// WebKitGTK 2.50 (GStreamer-backed WebCodecs) kills the whole web process on the first VideoEncoder use when nothing
// has started GStreamer in that process yet: `VideoEncoder.isConfigSupported` or `configure` for any codec (avc1,
// vp8, vp09, av01, 480×270 or 1280×720), in the page or in a worker, aborts in gst_register_core_elements ("code
// should not be reached") and the tab is gone. Measured 2026-11-29 in MiniBrowser (bench/media/README.md, issue 26).
// A VideoDecoder or AudioEncoder question, or a media element's canPlayType, starts GStreamer properly, after which
// every encoder question and encode worked (VP8, VP9, AV1, H.264). So the page asks canPlayType once at start, before
// any tool or worker can reach a VideoEncoder: about 30 ms in WebKitGTK the first time in a web process, nothing that
// changes what any browser answers. Feature-detected (a page with WebCodecs' VideoEncoder), not by user agent.
// (Its AV1 and VP9 encoders failing once started is another matter: capabilities.ts isGStreamerWebKit.)

let woken = false;

/** Starts the browser's media stack once, from the page, before anything uses WebCodecs' VideoEncoder. */
export function wakeMediaStack(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (woken || !doc || typeof VideoEncoder === 'undefined') return;
  woken = true;
  try {
    doc.createElement('video').canPlayType('video/webm; codecs="vp9"');
  } catch {
    // A page without media elements has nothing to start.
  }
}
