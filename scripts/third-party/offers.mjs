// What the notices add to packages' own files: licence texts a package does not ship, and the source offers
// the GNU licences ask for (GPL-2.0 section 3, LGPL-3.0 section 4, AGPL-3.0 section 6) for copyleft code we
// ship as built binaries.
import { readFileSync } from 'node:fs';

/** The app's own source (package.json's repository). */
export const APP_SOURCE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).repository;
const ISSUES = `${APP_SOURCE}/issues`;

/** Files in this folder, appended to a package's own licence files. */
export const SUPPLIED_TEXTS = {
  '@ffmpeg/core': ['GPL-2.0.txt'],
  '@ffmpeg/core-mt': ['GPL-2.0.txt'],
  'onnxruntime-web': ['onnxruntime-web.LICENSE.txt'],
};

const request = `The same source is also available from us: ask at ${ISSUES} and we will send it, or a written copy of where to get it, at no charge beyond the cost of delivery, for at least three years after this release.`;

const ffmpeg = (pkg, folder) => (version) =>
  [
    `Localkit serves ${pkg} ${version} unmodified under ${folder}: FFmpeg compiled to WebAssembly by the ffmpeg.wasm project.`,
    `Its corresponding source is the ffmpeg.wasm repository (https://github.com/ffmpegwasm/ffmpeg.wasm) at the commit that`,
    `published ${pkg} ${version}, whose build files fetch and build FFmpeg (https://ffmpeg.org) and the libraries it links`,
    `(x264, LAME, libvpx, libvorbis, Opus and others) at the versions they name.`,
    request,
  ].join('\n');

/** For copyleft packages: the corresponding source of what we ship, and how to get it from us. */
export const SOURCE_OFFERS = {
  '@ffmpeg/core': ffmpeg('@ffmpeg/core', '/ffmpeg/st/'),
  '@ffmpeg/core-mt': ffmpeg('@ffmpeg/core-mt', '/ffmpeg/mt/'),
  'libheif-js': (version) =>
    [
      `Localkit ships libheif-js ${version} unmodified (libheif and libde265 compiled to WebAssembly), in the image codecs.`,
      `Its corresponding source is https://github.com/catdad-experiments/libheif-js at its release ${version}, which builds libheif`,
      `(https://github.com/strukturag/libheif) and libde265 (https://github.com/strukturag/libde265) at the versions it names.`,
      `You may replace this library with a modified version: it is loaded as separate files (libheif-*.js and *.wasm).`,
      request,
    ].join('\n'),
  mupdf: (version) =>
    [
      `Localkit ships mupdf (MuPDF.js) ${version} unmodified: the MuPDF library by Artifex compiled to WebAssembly, in the PDF engine.`,
      `Its corresponding source is the MuPDF.js repository (https://github.com/ArtifexSoftware/mupdf.js) at its release ${version},`,
      `which builds MuPDF (https://mupdf.com, https://github.com/ArtifexSoftware/mupdf) and the libraries it names at the versions it pins.`,
      `You may replace this library with a modified version: it is loaded as separate files (mupdf-*.js and mupdf-wasm-*.wasm).`,
      request,
    ].join('\n'),
  '@imgly/background-removal-data': (version) =>
    [
      `Localkit serves one model of @imgly/background-removal-data ${version} (IS-Net, 8-bit) unmodified under /models/.`,
      `Its source is https://github.com/imgly/background-removal-js; the build step that copies it is in Localkit's source, ${APP_SOURCE}.`,
      request,
    ].join('\n'),
};
