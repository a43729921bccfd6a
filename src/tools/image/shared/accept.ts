import type { AcceptSpec } from '../../../kit/fileTypes';

/** What the image tools take. The real format is read from the bytes; the extension only screens the picker. */
export const IMAGE_ACCEPT: AcceptSpec = {
  mime: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/bmp', 'image/heic', 'image/heif'],
  extensions: ['jpg', 'jpeg', 'jfif', 'png', 'webp', 'avif', 'gif', 'bmp', 'heic', 'heif'],
};

export const IMAGE_TYPES_LABEL = 'JPEG, PNG, WebP, AVIF, GIF, BMP, HEIC';
