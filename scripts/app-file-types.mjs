// The file types the installed app offers to open ("Open with") and to receive from the system's share sheet:
// the union of what the file tools take (checked against the registry by src/app/fileTypes.test.ts).
export const APP_FILE_TYPES = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg', '.jfif'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'image/gif': ['.gif'],
  'image/bmp': ['.bmp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'image/tiff': ['.tif', '.tiff'],
  'image/svg+xml': ['.svg'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/webm': ['.webm'],
  'video/quicktime': ['.mov'],
  'video/x-matroska': ['.mkv'],
  'video/x-msvideo': ['.avi'],
  'video/mp2t': ['.ts', '.mts', '.m2ts'],
  'video/x-flv': ['.flv'],
  'audio/mpeg': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/ogg': ['.ogg', '.oga', '.opus'],
  'audio/flac': ['.flac'],
  'audio/mp4': ['.m4a'],
  'audio/aac': ['.aac'],
  'audio/aiff': ['.aiff', '.aif'],
  'audio/x-ms-wma': ['.wma'],
  'text/plain': ['.txt', '.md', '.srt', '.vtt', '.ass', '.ssa', '.csv'],
  'application/json': ['.json'],
  'application/pdf': ['.pdf'],
};

/** The manifest entries: Web Share Target (POST, files) and File Handling, both landing on /open. */
export function fileEntryPoints() {
  return {
    share_target: {
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'files', accept: Object.entries(APP_FILE_TYPES).flatMap(([mime, exts]) => [mime, ...exts]) }] },
    },
    file_handlers: [{ action: '/open', accept: APP_FILE_TYPES }],
  };
}
