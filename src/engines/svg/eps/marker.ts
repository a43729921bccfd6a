/** The line eps.ts (in the worker) writes where an element is to be embedded as pixels; raster.ts (on the page) replaces it. */
export const RASTER_MARK = '%LK-RASTER';
