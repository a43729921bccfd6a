// Web Share Target, in the service worker (loaded by workbox's importScripts before its own routes): files shared
// to the installed app arrive as a POST to /share-target. They are kept in a cache of this origin for the page
// to pick up, and the browser is sent on to /open, which offers the tools that take them. Nothing leaves the device.
const SHARE_CACHE = 'localkit-share';

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/share-target') return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(SHARE_CACHE);
      for (const key of await cache.keys()) await cache.delete(key);
      let count = 0;
      try {
        const form = await event.request.formData();
        for (const file of form.getAll('files')) {
          if (typeof file === 'string') continue;
          const headers = { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name), 'x-last-modified': String(file.lastModified) };
          await cache.put(`/share-target/file/${count++}`, new Response(file, { headers }));
        }
      } catch (error) {
        console.warn('A share could not be read', error);
      }
      return Response.redirect(`/open?shared=${count}`, 303);
    })(),
  );
});
