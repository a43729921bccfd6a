/** What the editor starts with: a small drawing that shows shapes, a gradient and a transform. */
export const SAMPLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6366f1"/>
      <stop offset="1" stop-color="#ec4899"/>
    </linearGradient>
  </defs>
  <rect x="10" y="10" width="220" height="140" rx="18" fill="url(#g)"/>
  <circle cx="80" cy="80" r="36" fill="#ffffff" fill-opacity="0.85"/>
  <rect x="130" y="52" width="56" height="56" fill="#fde047" transform="rotate(15 158 80)"/>
</svg>
`;
