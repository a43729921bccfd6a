/// <reference types="vite/client" />
// lucide-react's icon modules a–m as text (one of two chunks, each well under the service worker's 2 MiB limit).
export default import.meta.glob<string>(['/node_modules/lucide-react/dist/esm/icons/[a-m]*.mjs', '!**/index.mjs'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
