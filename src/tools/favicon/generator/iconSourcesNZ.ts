/// <reference types="vite/client" />
// lucide-react's icon modules n–z (and 0–9) as text.
export default import.meta.glob<string>('/node_modules/lucide-react/dist/esm/icons/[n-z0-9]*.mjs', { eager: true, query: '?raw', import: 'default' });
