import { ToolError } from '../../lib/errors';

// The engine's failure messages, each mapped to a translated key for the row.
export const ERROR_RESPONSE_BODY_READER = 'failed to get response body reader';
export const ERROR_INCOMPLETE_DOWNLOAD = 'failed to complete download';

const KEYS: Array<[RegExp, string]> = [
  [/failed to get response body reader|failed to complete download|failed to fetch|networkerror|load failed/i, 'media:errors.engineDownload'],
  [/not loaded/i, 'media:errors.engineNotLoaded'],
  [/terminate/i, 'media:errors.engineStopped'],
  [/did not start in time/i, 'media:errors.engineNoStart'],
];

/** Any failure of the ffmpeg engine as a ToolError with a translation key (ToolErrors pass through). */
export function ffmpegError(error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const hit = KEYS.find(([re]) => re.test(message));
  return new ToolError(hit ? hit[1] : 'media:errors.engineFailed');
}
