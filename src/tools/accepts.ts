// What each file tool takes, in one place: its drop zone screens by it, and other tools, shared files and
// "Open with" offer it files of these types (src/app/handoffTargets.ts, loaded when needed: not on the home page).
import type { AcceptSpec } from '../kit/accept';

/** The image tools (compress, convert, resize). The real format is read from the bytes; the extension only screens the picker. */
export const IMAGE_ACCEPT: AcceptSpec = {
  mime: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/bmp', 'image/heic', 'image/heif'],
  extensions: ['jpg', 'jpeg', 'jfif', 'png', 'webp', 'avif', 'gif', 'bmp', 'heic', 'heif'],
};

/** The SVG tools. */
export const SVG_ACCEPT: AcceptSpec = { mime: ['image/svg+xml'], extensions: ['svg'], maxSize: 64 * 1024 * 1024 };

/** Background removal. */
export const REMOVEBG_ACCEPT: AcceptSpec = { mime: ['image/png', 'image/jpeg', 'image/webp'], extensions: ['png', 'jpg', 'jpeg', 'webp'], maxSize: 64 * 1024 * 1024 };

/** Mosaic. */
export const MOSAIC_ACCEPT: AcceptSpec = {
  mime: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp', 'image/avif'],
  extensions: ['png', 'jpg', 'jpeg', 'webp', 'gif', 'bmp', 'avif'],
  maxSize: 100 * 1024 * 1024,
};

/** PNG/JPG → SVG tracing. */
export const TRACE_ACCEPT: AcceptSpec = { mime: ['image/png', 'image/jpeg', 'image/webp', 'image/bmp', 'image/gif'], extensions: ['png', 'jpg', 'jpeg', 'webp', 'bmp', 'gif'], maxSize: 200 * 1024 * 1024 };

/** The text converter's files. */
export const TEXT_FILE_ACCEPT: AcceptSpec = {
  mime: ['text/*', 'application/json'],
  extensions: ['txt', 'md', 'srt', 'vtt', 'ass', 'ssa', 'csv', 'json'],
  maxSize: 64 * 1024 * 1024,
};

/** The pictures offered to the favicon converter (its drop zone takes any file and names what it cannot read). */
const FAVICON_ACCEPT: AcceptSpec = {
  mime: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'],
  extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'],
};

/** Video compression. */
export const VIDEO_ACCEPT: AcceptSpec = {
  mime: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo', 'video/avi', 'video/x-matroska', 'video/mp2t', 'video/x-flv'],
  extensions: ['mp4', 'm4v', 'webm', 'mov', 'avi', 'mkv', 'ts', 'mts', 'm2ts', 'flv'],
};

/** The audio converter (the sound of a video too). */
export const AUDIO_ACCEPT: AcceptSpec = {
  mime: ['audio/*', 'video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska', 'video/x-msvideo', 'video/mp2t', 'video/x-flv'],
  extensions: ['mp3', 'wav', 'ogg', 'oga', 'opus', 'flac', 'm4a', 'aac', 'wma', 'aiff', 'aif', 'mp4', 'm4v', 'webm', 'mov', 'mkv', 'avi', 'ts', 'mts', 'm2ts', 'flv'],
};

/** The PDF tools that read PDFs. */
export const PDF_ACCEPT: AcceptSpec = { mime: ['application/pdf'], extensions: ['pdf'] };

/** Images to PDF: what MuPDF reads (JPEG goes in unchanged). */
export const PDF_IMAGES_ACCEPT: AcceptSpec = {
  mime: ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff'],
  extensions: ['jpg', 'jpeg', 'jfif', 'png', 'gif', 'bmp', 'tif', 'tiff'],
};

/** Audio trim: what it cuts in its own format. */
export const AUDIO_TRIM_ACCEPT: AcceptSpec = {
  mime: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/flac', 'audio/x-flac', 'audio/mpeg', 'audio/mp3', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/ogg', 'audio/opus', 'audio/webm'],
  extensions: ['wav', 'flac', 'mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'webm'],
};

/** The file tools by id, in the order they are offered. */
export const TOOL_ACCEPTS: Record<string, AcceptSpec> = {
  'image-compress': IMAGE_ACCEPT,
  'image-converter': IMAGE_ACCEPT,
  'image-resize': IMAGE_ACCEPT,
  'image-removebg': REMOVEBG_ACCEPT,
  'image-mosaic': MOSAIC_ACCEPT,
  'image-metadata': IMAGE_ACCEPT,
  'image-rotate': IMAGE_ACCEPT,
  'image-crop': IMAGE_ACCEPT,
  'image-watermark': IMAGE_ACCEPT,
  'svg-preview': SVG_ACCEPT,
  'svg-to-png': SVG_ACCEPT,
  'svg-to-jpg': SVG_ACCEPT,
  'svg-optimizer': SVG_ACCEPT,
  'svg-to-pdf': SVG_ACCEPT,
  'svg-to-eps': SVG_ACCEPT,
  'png-to-svg': TRACE_ACCEPT,
  'jpg-to-svg': TRACE_ACCEPT,
  'text-converter': TEXT_FILE_ACCEPT,
  // Text tools without a drop zone take a handed-over text file into their text box (useHandedText).
  'word-count': TEXT_FILE_ACCEPT,
  'text-diff': TEXT_FILE_ACCEPT,
  'favicon-converter': FAVICON_ACCEPT,
  'video-compress': VIDEO_ACCEPT,
  'audio-converter': AUDIO_ACCEPT,
  'pdf-organize': PDF_ACCEPT,
  'pdf-merge': PDF_ACCEPT,
  'pdf-split': PDF_ACCEPT,
  'pdf-protect': PDF_ACCEPT,
  'pdf-unlock': PDF_ACCEPT,
  'pdf-to-images': PDF_ACCEPT,
  'images-to-pdf': PDF_IMAGES_ACCEPT,
  'pdf-compress': PDF_ACCEPT,
  'pdf-stamp': PDF_ACCEPT,
  'audio-loudness': AUDIO_ACCEPT,
  'audio-speed': AUDIO_ACCEPT,
  'audio-merge': AUDIO_ACCEPT,
  'video-frames': VIDEO_ACCEPT,
  'video-trim': VIDEO_ACCEPT,
  'video-merge': VIDEO_ACCEPT,
  // Audio trim: WAV (samples), MP3/AAC/Ogg/Opus/WebM (packets), FLAC (lossless re-encode); others get a message.
  'audio-trim': AUDIO_TRIM_ACCEPT,
  'video-to-gif': VIDEO_ACCEPT,
  'video-speed': VIDEO_ACCEPT,
  'video-crop': VIDEO_ACCEPT,
};
