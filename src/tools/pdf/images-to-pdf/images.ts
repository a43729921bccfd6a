import { imagesToPdf, type ImageLayout } from '../../../engines/pdf/client';
import { int, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import type { OrderedItem } from '../../../kit/OrderedFileList';

export const LAYOUT_DEFAULTS: ImageLayout = { size: 'a4', orientation: 'auto', margin: 10 };
export const LAYOUT_SCHEMA: SettingsSchema<ImageLayout> = { size: oneOf(['a4', 'letter', 'fit']), orientation: oneOf(['auto', 'portrait', 'landscape']), margin: int(0, 100) };

/** One page per image, in the order shown; JPEGs are embedded as they are. */
export async function imagesJob(items: OrderedItem[], layout: ImageLayout, ctx: JobContext): Promise<JobOutput> {
  const result = await imagesToPdf(items.map((i) => ({ blob: i.file, name: i.file.name })), layout, ctx);
  return { blob: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name: 'images.pdf', facts: { format: 'PDF', pages: result.pages } };
}
