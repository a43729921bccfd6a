// The model's files are fetched through Cache Storage: the first use downloads them (counting the bytes),
// every later use (and offline use) reads them from the cache, whether or not the service worker already
// controls the page. The cache is the one the service worker's runtime rule for /models/ uses, so a file
// is stored once.
export const ENGINE_CACHE = 'localkit-engines';

type BytesListener = (url: string, bytes: number) => void;

/** A response whose body reports the bytes read so far. */
function counted(response: Response, url: string, onBytes: BytesListener): Response {
  if (!response.body) return response;
  let bytes = 0;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      bytes += value.byteLength;
      onBytes(url, bytes);
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** fetch for the files under `base`: cache first, then the network (storing what came); others go straight through. */
export function cachedFetch(nativeFetch: typeof fetch, base: string, onBytes: BytesListener): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(base)) return nativeFetch(input, init);
    const cache = await caches.open(ENGINE_CACHE).catch(() => undefined);
    const hit = await cache?.match(url);
    if (hit) return counted(hit, url, onBytes);
    const response = await nativeFetch(url);
    // Not awaited: the copy streams into the cache while the caller reads (and counts) the original.
    if (response.ok && cache) void cache.put(url, response.clone()).catch(() => undefined);
    return counted(response, url, onBytes);
  };
}
