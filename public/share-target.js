// Web Share Target, in the service worker (loaded by workbox's importScripts before its own routes): files shared
// to the installed app arrive as a POST to /share-target. They are kept in a cache of this origin for the page
// to pick up, and the browser is sent on to /open, which offers the tools that take them. Nothing leaves the device.
//
// Any site can submit a form to this URL. A service worker does not see Sec-Fetch-Site or Origin (both are added
// when the request reaches the network: w3c/webappsec-fetch-metadata#38, whatwg/fetch#1322), so the referrer is
// what it can judge by: a share from the operating system has none (the browser starts the navigation), a form on
// another site carries that site's origin unless it hides it. Such a POST is refused and nothing is kept.
// The page lists shared files as "shared just now", with the names cleaned of bidi controls.
const SHARE_CACHE = 'localkit-share';
/** Kept for an hour at most when no tool takes them (src/app/openedFiles.ts SHARE_TTL_MS). */
const SHARE_TTL_MS = 60 * 60_000;

async function expireShares(cache, now) {
  for (const key of await cache.keys()) {
    const response = await cache.match(key);
    if (!response || now - (Number(response.headers.get('x-shared-at')) || 0) > SHARE_TTL_MS) await cache.delete(key);
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/share-target') return;
  event.respondWith(
    (async () => {
      const referrer = event.request.referrer;
      if (referrer && referrer !== 'about:client' && new URL(referrer).origin !== self.location.origin) return Response.redirect('/open?refused=1', 303);
      const files = [];
      try {
        const form = await event.request.formData();
        // A form's file input left empty still sends one part: a nameless, empty file.
        for (const file of form.getAll('files')) if (typeof file !== 'string' && (file.name || file.size)) files.push(file);
      } catch (error) {
        console.warn('A share could not be read', error);
      }
      const cache = await caches.open(SHARE_CACHE);
      const now = Date.now();
      // An empty POST never wipes a share still waiting for a tool.
      if (files.length) {
        for (const key of await cache.keys()) await cache.delete(key);
        let count = 0;
        for (const file of files) {
          const headers = {
            'content-type': file.type || 'application/octet-stream',
            'x-file-name': encodeURIComponent(file.name),
            'x-last-modified': String(file.lastModified),
            'x-shared-at': String(now),
          };
          await cache.put(`/share-target/file/${count++}`, new Response(file, { headers }));
        }
      } else await expireShares(cache, now);
      return Response.redirect(`/open?shared=${files.length}`, 303);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.has(SHARE_CACHE).then(async (has) => has && expireShares(await caches.open(SHARE_CACHE), Date.now())));
});
