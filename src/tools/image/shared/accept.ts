/** The formats the image tools name beside their drop zone (what they take is IMAGE_ACCEPT in tools/accepts.ts). */
export const IMAGE_TYPES_LABEL = 'JPEG, PNG, WebP, AVIF, GIF, BMP, HEIC';
