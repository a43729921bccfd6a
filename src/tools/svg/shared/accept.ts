import type { AcceptSpec } from '../../../kit/fileTypes';

export const SVG_ACCEPT: AcceptSpec = { mime: ['image/svg+xml'], extensions: ['svg'], maxSize: 64 * 1024 * 1024 };
