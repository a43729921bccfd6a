import type { SvgoConfigData } from '../../../engines/svg/optimize';

// The optimizer's settings and the svgo configuration they stand for. No svgo import here: the page
// stays light; svgo itself runs in the worker.

/** svgo 4's preset-default, in its order (a unit test checks it against svgo's own list). */
export const PRESET_PLUGINS = [
  'removeDoctype', 'removeXMLProcInst', 'removeComments', 'removeDeprecatedAttrs', 'removeMetadata', 'removeEditorsNSData',
  'cleanupAttrs', 'mergeStyles', 'inlineStyles', 'minifyStyles', 'cleanupIds', 'removeUselessDefs', 'cleanupNumericValues',
  'convertColors', 'removeUnknownsAndDefaults', 'removeNonInheritableGroupAttrs', 'removeUselessStrokeAndFill',
  'cleanupEnableBackground', 'removeHiddenElems', 'removeEmptyText', 'convertShapeToPath', 'convertEllipseToCircle',
  'moveElemsAttrsToGroup', 'moveGroupAttrsToElems', 'collapseGroups', 'convertPathData', 'convertTransform',
  'removeEmptyAttrs', 'removeEmptyContainers', 'mergePaths', 'removeUnusedNS', 'sortAttrs', 'sortDefsChildren', 'removeDesc',
] as const;

/**
 * Plugins outside the preset, off by default: each can change how the file looks or behaves where it
 * is used (removeViewBox breaks scaling, removeDimensions changes the intrinsic size, prefixIds renames
 * ids that outside CSS may use…). Plugins that need parameters to do anything are not offered.
 */
export const EXTRA_PLUGINS = [
  'removeScripts', 'removeTitle', 'removeDimensions', 'removeViewBox', 'removeXMLNS', 'removeXlink', 'removeRasterImages',
  'removeStyleElement', 'removeOffCanvasPaths', 'reusePaths', 'convertOneStopGradients', 'convertStyleToAttrs',
  'cleanupListOfValues', 'prefixIds',
] as const;

export interface OptimizerSettings {
  /** Plugins switched away from their default (preset on, extras off). */
  toggled: string[];
  precision: number;
  multipass: boolean;
  pretty: boolean;
}

export const OPTIMIZER_DEFAULTS: OptimizerSettings = { toggled: [], precision: 3, multipass: true, pretty: false };

function isPreset(name: string): boolean {
  return (PRESET_PLUGINS as readonly string[]).includes(name);
}

export function isOn(settings: OptimizerSettings, name: string): boolean {
  return isPreset(name) !== settings.toggled.includes(name);
}

/** The svgo Config for these settings (plain data: it crosses to the worker). */

export function svgoConfig(settings: OptimizerSettings): SvgoConfigData {
  const overrides: Record<string, false> = {};
  for (const name of PRESET_PLUGINS) if (!isOn(settings, name)) overrides[name] = false;
  return {
    multipass: settings.multipass,
    floatPrecision: Math.min(10, Math.max(0, Math.round(settings.precision))),
    js2svg: { pretty: settings.pretty, indent: 2 },
    plugins: [{ name: 'preset-default', params: { overrides } }, ...EXTRA_PLUGINS.filter((name) => isOn(settings, name))],
  };
}

export function optimizerKey(settings: OptimizerSettings): string {
  return JSON.stringify(svgoConfig(settings));
}
