import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inspectForDrawing, warmInspector } from '../../../engines/svg/client';
import { readSvgFile } from '../../../engines/svg/parse';
import { FileDrop } from '../../../kit/FileDrop';
import { extensionOf } from '../../../lib/download';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { ToolError } from '../../../lib/errors';
import { isHexColor } from '../../../lib/hex-colour';
import { disposeBuild, makeBuild, type FaviconBuild } from '../shared/build';
import { BuildStatus } from '../shared/BuildStatus';
import { createFaviconPool, iconsFromLayers, iconsFromRaster } from '../shared/client';
import { buildSnippet, type SiteInfo } from '../shared/manifest';
import { assemblePackage } from '../shared/package';
import { PackageView } from '../shared/PackageView';
import { Previews } from '../shared/Previews';
import { SQUARE_MODES, type SquareMode } from '../shared/raster';
import { cleanSvg, squareSvg } from '../shared/svg';
import { SiteFields } from '../shared/SiteFields';
import { useBuild } from '../shared/useBuild';
import { SourceCard } from './SourceCard';
import { CONVERTER_SCHEMA } from './schema';
import { useHoldWork } from '../../../kit/activity';

interface Settings extends SiteInfo {
  mode: SquareMode;
}

const DEFAULTS: Settings = { name: '', shortName: '', themeColor: '#ffffff', backgroundColor: '#ffffff', basePath: '/', mode: 'keep' };
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'bmp', 'ico'];
const MAX_SIZE = 50 * 1024 * 1024;

function isSvgFile(file: File): boolean {
  return file.type === 'image/svg+xml' || extensionOf(file.name) === 'svg';
}

function screen(file: File): ToolError | null {
  if (!file.type.startsWith('image/') && !IMAGE_EXTENSIONS.includes(extensionOf(file.name))) return new ToolError('favicon:errors.invalidType');
  if (file.size === 0) return new ToolError('common:errors.emptyFile');
  return null;
}

/** Stored settings from an older version or edited by hand fall back to the defaults field by field. */
function checked(s: Settings): Settings {
  return {
    ...s,
    mode: SQUARE_MODES.includes(s.mode) ? s.mode : DEFAULTS.mode,
    themeColor: isHexColor(s.themeColor) ? s.themeColor : DEFAULTS.themeColor,
    backgroundColor: isHexColor(s.backgroundColor) ? s.backgroundColor : DEFAULTS.backgroundColor,
  };
}

export default function FaviconConverterPage() {
  const { t } = useTranslation('favicon');
  const [pool] = useState(createFaviconPool);
  const [stored, update] = useStoredSettings<Settings>('favicon-converter', DEFAULTS, CONVERTER_SCHEMA);
  const settings = checked(stored);
  const [source, setSource] = useState<{ file: File; id: number } | null>(null);
  const file = source?.file ?? null;
  // The source image exists only in this page: a reload must not drop it unasked.
  useHoldWork(file !== null);
  const [rejected, setRejected] = useState<ToolError | null>(null);
  const { state, run, cancel, reset } = useBuild<FaviconBuild>(disposeBuild);
  // Bumped by "try again" after a cancel or an error: runs the same build once more.
  const [attempt, setAttempt] = useState(0);
  const { mode, name, shortName, themeColor, backgroundColor, basePath } = settings;

  useEffect(() => () => pool.terminate(), [pool]);
  useEffect(warmInspector, []);

  const key = JSON.stringify([source?.id, mode, backgroundColor]);

  // Re-make the icons when the source, the square mode or the background change (debounced for typing).
  useEffect(() => {
    if (!file) return;
    const timer = setTimeout(() => {
      run(async (signal) => {
        if (isSvgFile(file)) {
          const text = await readSvgFile(file);
          // Measured off the main thread first: a <use> bomb or a huge file is refused before anything draws it.
          await inspectForDrawing(text, false, signal);
          const clean = await cleanSvg(text);
          const square = squareSvg(clean, mode, backgroundColor);
          const { layersForSvg } = await import('../shared/render');
          const icons = await iconsFromLayers(pool, layersForSvg(square, backgroundColor), signal);
          return makeBuild(key, icons, square, { width: clean.width, height: clean.height });
        }
        const result = await iconsFromRaster(pool, file, { mode, background: backgroundColor }, signal);
        return makeBuild(key, result.icons, undefined, result.source);
      });
    }, 150);
    return () => clearTimeout(timer);
  }, [file, key, attempt, mode, backgroundColor, pool, run]);

  const build = state.value;
  const files = useMemo(
    () => (build ? assemblePackage(build.icons, build.svg, { name, shortName, themeColor, backgroundColor, basePath }) : []),
    [build, name, shortName, themeColor, backgroundColor, basePath],
  );
  const snippet = buildSnippet({ name, shortName, themeColor, backgroundColor, basePath }, !!build?.svg);

  const onFiles = (list: File[]) => {
    const next = list[0];
    if (!next) return;
    const problem = screen(next);
    setRejected(problem);
    if (problem) {
      setSource(null);
      reset();
      return;
    }
    setSource((s) => ({ file: next, id: (s?.id ?? 0) + 1 }));
  };

  return (
    <div className="space-y-6" data-testid="favicon-converter">
      <FileDrop accept={{ maxSize: MAX_SIZE }} onFiles={onFiles} multiple={false} typesLabel="PNG, JPG, GIF, SVG, WebP" />
      {rejected && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200" role="alert" data-testid="row-error">
          {t(rejected.key)}
        </p>
      )}
      {file && (
        <section className="panel space-y-3" aria-label={t('converter.source')} data-status={state.status}>
          <SourceCard file={file} source={build?.key === key ? build.source : undefined} vector={isSvgFile(file)} mode={mode} onMode={(m) => update({ mode: m })} />
          <BuildStatus state={state} onCancel={cancel} onRetry={() => setAttempt((n) => n + 1)} />
        </section>
      )}
      <div className="panel">
        <SiteFields info={settings} onChange={update} backgroundHint={t('converter.backgroundHint')} />
      </div>
      {build && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <PackageView files={files} snippet={snippet} zipName="favicon-package.zip" current={state.status === 'done' && build.key === key} />
          <Previews build={build} title={settings.name} shortName={settings.shortName} />
        </div>
      )}
    </div>
  );
}
