import { AudioLines, CalendarDays, FileStack, FileText, Image, PenLine, Shapes, Star, Video } from 'lucide-react';
import type { CategoryId, CategoryMeta, ToolMeta } from './types';
import { imageCompressMeta } from './image/compress/meta';
import { imageConverterMeta } from './image/convert/meta';
import { imageResizeMeta } from './image/resize/meta';
import { imageRemovebgMeta } from './image/removebg/meta';
import { imageMosaicMeta } from './image/mosaic/meta';
import { jpgToSvgMeta, pngToSvgMeta } from './svg/raster-to-svg/meta';
import { svgPreviewMeta } from './svg/svg-preview/meta';
import { svgOptimizerMeta } from './svg/svg-optimizer/meta';
import { svgToEpsMeta } from './svg/svg-to-eps/meta';
import { svgToPdfMeta } from './svg/svg-to-pdf/meta';
import { svgToJpgMeta, svgToPngMeta } from './svg/svg-to-image/meta';
import { textConverterMeta } from './text/text-converter/meta';
import { textDiffMeta } from './text/text-diff/meta';
import { wordCountMeta } from './writer/word-count/meta';
import { videoCompressMeta } from './video/video-compress/meta';
import { audioConverterMeta } from './audio/audio-converter/meta';
import { faviconConverterMeta } from './favicon/converter/meta';
import { faviconGeneratorMeta } from './favicon/generator/meta';
import { dateUtilsMeta } from './date/date-utils/meta';
import { dayjsUtilsMeta } from './date/dayjs-utils/meta';
import { momentUtilsMeta } from './date/moment-utils/meta';
import { pdfMergeMeta } from './pdf/pdf-merge/meta';
import { pdfSplitMeta } from './pdf/pdf-split/meta';
import { imagesToPdfMeta } from './pdf/images-to-pdf/meta';
import { pdfProtectMeta } from './pdf/pdf-protect/meta';
import { pdfUnlockMeta } from './pdf/pdf-unlock/meta';
import { pdfToImagesMeta } from './pdf/pdf-to-images/meta';
import { pdfOrganizeMeta } from './pdf/pdf-organize/meta';
import { imageMetadataMeta } from './image/image-metadata/meta';
import { imageRotateMeta } from './image/image-rotate/meta';
import { imageCropMeta } from './image/image-crop/meta';
import { imageWatermarkMeta } from './image/image-watermark/meta';
import { audioLoudnessMeta } from './audio/audio-loudness/meta';
import { audioSpeedMeta } from './audio/audio-speed/meta';
import { audioMergeMeta } from './audio/audio-merge/meta';
import { pdfCompressMeta } from './pdf/pdf-compress/meta';
import { pdfStampMeta } from './pdf/pdf-stamp/meta';
import { videoFramesMeta } from './video/video-frames/meta';
import { videoToGifMeta } from './video/video-to-gif/meta';
import { videoTrimMeta } from './video/video-trim/meta';
import { audioTrimMeta } from './audio/audio-trim/meta';
import { videoSpeedMeta } from './video/video-speed/meta';
import { videoCropMeta } from './video/video-crop/meta';
import { videoMergeMeta } from './video/video-merge/meta';

/** THE list of categories, in display order. */
export const CATEGORIES: CategoryMeta[] = [
  { id: 'image', icon: Image, color: 'text-sky-600 dark:text-sky-400' },
  { id: 'svg', icon: Shapes, color: 'text-violet-600 dark:text-violet-400' },
  { id: 'favicon', icon: Star, color: 'text-amber-600 dark:text-amber-400' },
  { id: 'video', icon: Video, color: 'text-rose-600 dark:text-rose-400' },
  { id: 'audio', icon: AudioLines, color: 'text-pink-600 dark:text-pink-400' },
  { id: 'date', icon: CalendarDays, color: 'text-emerald-600 dark:text-emerald-400' },
  { id: 'text', icon: FileText, color: 'text-orange-600 dark:text-orange-400' },
  { id: 'writer', icon: PenLine, color: 'text-teal-600 dark:text-teal-400' },
  { id: 'pdf', icon: FileStack, color: 'text-red-600 dark:text-red-400' },
];

/** THE list of tools. A tool is listed here only when it really works. */
export const TOOLS: ToolMeta[] = [imageCompressMeta, imageConverterMeta, imageResizeMeta, imageRemovebgMeta, imageMosaicMeta, imageMetadataMeta, imageRotateMeta, imageCropMeta, svgPreviewMeta, svgToPngMeta, svgToJpgMeta, svgOptimizerMeta, svgToPdfMeta, svgToEpsMeta, pngToSvgMeta, jpgToSvgMeta, textConverterMeta, textDiffMeta, wordCountMeta, faviconConverterMeta, faviconGeneratorMeta, dayjsUtilsMeta, momentUtilsMeta, dateUtilsMeta, videoCompressMeta, audioConverterMeta, pdfMergeMeta, pdfSplitMeta, imagesToPdfMeta, pdfProtectMeta, pdfUnlockMeta, pdfToImagesMeta, pdfOrganizeMeta, imageWatermarkMeta, audioLoudnessMeta, audioSpeedMeta, audioMergeMeta, pdfCompressMeta, pdfStampMeta, videoFramesMeta, videoToGifMeta, videoTrimMeta, audioTrimMeta, videoSpeedMeta, videoCropMeta, videoMergeMeta];

export function toolsIn(category: CategoryId): ToolMeta[] {
  return TOOLS.filter((t) => t.category === category);
}

/** Categories that have at least one tool; empty ones are hidden everywhere. */
export function visibleCategories(): CategoryMeta[] {
  return CATEGORIES.filter((c) => toolsIn(c.id).length > 0);
}
