import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkerboard } from '../../../kit/checkerboard';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { isHexColor } from '../../../lib/hex-colour';
import { disposeBuild, makeBuild, type FaviconBuild } from '../shared/build';
import { BuildStatus } from '../shared/BuildStatus';
import { createFaviconPool, iconsFromLayers } from '../shared/client';
import { buildSnippet, type SiteInfo } from '../shared/manifest';
import { assemblePackage } from '../shared/package';
import { PackageView } from '../shared/PackageView';
import { Previews } from '../shared/Previews';
import { SiteFields } from '../shared/SiteFields';
import { useBuild } from '../shared/useBuild';
import { designLayers } from './buildDesign';
import { GLYPH_MODES, isSingleEmoji, SHAPES, validateText } from './design';
import { GlyphSettings, type GlyphSettingsValue } from './GlyphSettings';
import { GENERATOR_SCHEMA } from './schema';

type Settings = SiteInfo & GlyphSettingsValue;

const DEFAULTS: Settings = {
  name: '',
  shortName: '',
  themeColor: '#1d4ed8',
  backgroundColor: '#1d4ed8',
  basePath: '/',
  mode: 'text',
  text: 'A',
  emoji: '🚀',
  icon: 'rocket',
  font: 'inter',
  fontSize: 60,
  fontColor: '#ffffff',
  shape: 'rounded',
};

/** Stored settings from an older version or edited by hand fall back to the defaults field by field. */
function checked(s: Settings): Settings {
  return {
    ...s,
    mode: GLYPH_MODES.includes(s.mode) ? s.mode : DEFAULTS.mode,
    shape: SHAPES.includes(s.shape) ? s.shape : DEFAULTS.shape,
    emoji: isSingleEmoji(s.emoji) ? s.emoji : DEFAULTS.emoji,
    fontSize: Math.min(100, Math.max(20, Number(s.fontSize) || DEFAULTS.fontSize)),
    themeColor: isHexColor(s.themeColor) ? s.themeColor : DEFAULTS.themeColor,
    backgroundColor: isHexColor(s.backgroundColor) ? s.backgroundColor : DEFAULTS.backgroundColor,
    fontColor: isHexColor(s.fontColor) ? s.fontColor : DEFAULTS.fontColor,
  };
}

export default function FaviconGeneratorPage() {
  const { t } = useTranslation('favicon');
  const [pool] = useState(createFaviconPool);
  const [stored, update] = useStoredSettings<Settings>('favicon-generator', DEFAULTS, GENERATOR_SCHEMA);
  const s = checked(stored);
  const { state, run, cancel, reset } = useBuild<FaviconBuild>(disposeBuild);
  // Bumped by "try again" after a cancel or an error: runs the same build once more.
  const [attempt, setAttempt] = useState(0);
  const { name, shortName, themeColor, backgroundColor, basePath, mode, text, emoji, icon, font, fontSize, fontColor, shape } = s;
  const valid = mode !== 'text' || validateText(text) === null;
  const key = JSON.stringify([mode, text, emoji, icon, font, fontSize, fontColor, shape, backgroundColor]);

  useEffect(() => () => pool.terminate(), [pool]);

  // Live: every change of the design re-draws the package, debounced while typing or dragging.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (!valid) return reset();
      const glyph = { mode, text, emoji, icon, font, fontSize, fontColor, shape };
      run(async (signal) => {
        const layers = await designLayers(glyph, backgroundColor);
        const icons = await iconsFromLayers(pool, layers, signal);
        // favicon.svg is sanitised when first downloaded: the page shows the design through its PNGs meanwhile.
        return makeBuild(key, icons, layers.normal.svg, undefined, 'when written');
      });
    }, 200);
    return () => clearTimeout(timer);
  }, [valid, key, attempt, mode, text, emoji, icon, font, fontSize, fontColor, shape, backgroundColor, pool, run, reset]);

  const build = state.value;
  const files = useMemo(
    () => (build ? assemblePackage(build.icons, build.svg, { name, shortName, themeColor, backgroundColor, basePath }) : []),
    [build, name, shortName, themeColor, backgroundColor, basePath],
  );
  const snippet = buildSnippet({ name, shortName, themeColor, backgroundColor, basePath }, true);

  return (
    <div className="space-y-6" data-testid="favicon-generator">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_280px]">
        <div className="panel">
          <GlyphSettings value={s} onChange={update} />
        </div>
        <section className="panel flex flex-col items-center gap-3" aria-label={t('generator.livePreview')} data-status={state.status}>
          <div className="flex size-[232px] items-center justify-center rounded-lg" style={checkerboard()}>
            {build && <img src={build.urls.svg ?? build.urls.android512} width={200} height={200} alt={t('generator.livePreview')} data-testid="live-preview" />}
          </div>
          <div className="w-full">
            <BuildStatus state={state} onCancel={cancel} onRetry={() => setAttempt((n) => n + 1)} />
          </div>
        </section>
      </div>
      <div className="panel">
        <SiteFields info={s} onChange={update} backgroundHint={t('generator.backgroundHint')} />
      </div>
      {build && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <PackageView files={files} snippet={snippet} zipName="favicon-package.zip" current={state.status === 'done' && build.key === key} />
          <Previews build={build} title={name} shortName={shortName} />
        </div>
      )}
    </div>
  );
}
