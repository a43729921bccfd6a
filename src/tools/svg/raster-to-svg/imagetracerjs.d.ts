declare module 'imagetracerjs' {
  export interface TracerImageData {
    width: number;
    height: number;
    data: Uint8ClampedArray | Uint8Array;
  }
  export interface TracerColor {
    r: number;
    g: number;
    b: number;
    a: number;
  }
  export interface TracedPath {
    isholepath: boolean;
    segments: unknown[];
    holechildren: number[];
    boundingbox: number[];
  }
  export interface TraceData {
    layers: TracedPath[][];
    palette: TracerColor[];
    width: number;
    height: number;
  }
  export type TracerOptions = Record<string, unknown> & { pal?: TracerColor[] };
  interface QuantizedImage {
    array: number[][];
    palette: TracerColor[];
  }
  interface ImageTracer {
    checkoptions(options: TracerOptions): TracerOptions;
    colorquantization(imgd: TracerImageData, options: TracerOptions): QuantizedImage;
    layeringstep(ii: QuantizedImage, colornum: number): number[][];
    pathscan(layer: number[][], pathomit: number): unknown;
    internodes(paths: unknown, options: TracerOptions): unknown;
    batchtracepaths(internodepaths: unknown, ltres: number, qtres: number): TracedPath[];
    svgpathstring(tracedata: TraceData, lnum: number, pathnum: number, options: TracerOptions): string;
    blur(imgd: TracerImageData, radius: number, delta: number): TracerImageData;
  }
  const tracer: ImageTracer;
  export default tracer;
}
