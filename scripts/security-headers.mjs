// One place for the headers that enforce privacy and cross-origin isolation.
// The built index.html gets the CSP as a meta tag; scripts/serve.mjs sends all of them, the CSP
// with frame-ancestors (HEADER_CSP).
// The page may reach its own origin only: no CDN, analytics, remote font or model.
// 'wasm-unsafe-eval' lets WebAssembly compile (it does not allow JS eval);
// blob: in script-src/worker-src is for workers and engines that load code from blob URLs.
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval' blob:",
  "worker-src 'self' blob:",
  "connect-src 'self' blob: data:",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

// What only a header can carry (browsers ignore frame-ancestors in a meta tag): no other site may show
// the app in a frame, so none can dress it up to trick a click (clickjacking).
export const HEADER_CSP = `${CSP}; frame-ancestors 'none'`;

export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export const SECURITY_HEADERS = {
  'Content-Security-Policy': HEADER_CSP,
  ...ISOLATION_HEADERS,
  // frame-ancestors for browsers that predate it.
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
