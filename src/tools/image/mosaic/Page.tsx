import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleResults } from '../../../kit/StaleResults';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { SettingsPresets } from '../../../kit/SettingsPresets';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { WorkerPool } from '../../../runtime/WorkerPool';
import { editSignature, exportRunner, type ExportSettings } from './exportJob';
import type { MosaicApi } from './mosaic.worker';
import { MosaicCanvas } from './MosaicCanvas';
import { MAX_BLOCK, MIN_BLOCK, scaleRegion, type Region, type Size } from './pixelate';
import { Select } from '../../../ui/controls';
import { Toolbar, type EditorSettings } from './Toolbar';
import { useRegionHistory } from './useHistory';
import { createMosaicWorker, usePreview } from './usePreview';
import { MOSAIC_SCHEMA } from './schema';
import { useHoldWork } from '../../../kit/activity';
import { MOSAIC_ACCEPT } from '../../accepts';


const DEFAULTS: EditorSettings = { tool: 'rect', blockSize: 16, shape: 'square', brush: 40, format: 'original' };

function clean(s: EditorSettings): EditorSettings {
  return {
    tool: s.tool === 'brush' ? 'brush' : 'rect',
    blockSize: Math.min(MAX_BLOCK, Math.max(MIN_BLOCK, Math.round(s.blockSize) || DEFAULTS.blockSize)),
    shape: s.shape === 'circle' ? 'circle' : 'square',
    brush: Math.min(150, Math.max(5, Math.round(s.brush) || DEFAULTS.brush)),
    format: s.format === 'png' ? 'png' : 'original',
  };
}

const isTyping = (target: EventTarget | null) => (target as HTMLElement | null)?.closest?.('input:not([type=range]):not([type=radio]), textarea, select, [contenteditable="true"]');

export default function MosaicPage() {
  const { t } = useTranslation('image-mosaic');
  const [stored, update, setStored] = useStoredSettings<EditorSettings>('image-mosaic', DEFAULTS, MOSAIC_SCHEMA);
  const settings = clean(stored);
  const history = useRegionHistory();
  // The size of the photo the regions were drawn on: every photo of the batch gets them at the same relative place.
  const [frame, setFrame] = useState<Size>();
  const { regions } = history;
  const { blockSize, shape, format } = settings;
  const exportSettings = useMemo<ExportSettings>(() => ({ edit: { regions, blockSize, shape, frame }, format }), [regions, blockSize, shape, frame, format]);
  const [pool] = useState(() => new WorkerPool<MosaicApi>(createMosaicWorker, 1));
  const jobs = useFileJobs({
    run: exportRunner(pool),
    settings: exportSettings,
    resultKey: editSignature,
    concurrency: 1,
    autoStart: false,
    fallbackErrorKey: 'image-mosaic:errors.failed',
    onDispose: () => pool.terminate(),
  });
  // The photo shown in the editor: the one chosen, else the batch's first.
  const [shownId, setShownId] = useState<string>();
  const shown = jobs.rows.find((r) => r.id === shownId) ?? jobs.rows[0];
  const file = shown?.file ?? null;
  // The photos and their marked regions exist only in this page: a reload must not drop them unasked.
  useHoldWork(file !== null);
  const { state, pixels } = usePreview(file, exportSettings.edit);

  const { undo, redo } = history;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const ready = state.status === 'ready';
  const longer = ready ? Math.max(state.width, state.height) : 0;
  const addRegion = (region: Region) => {
    if (!ready) return;
    const size = { width: state.width, height: state.height };
    const drawnOn = frame && regions.length > 0 ? frame : size;
    if (drawnOn !== frame) setFrame(drawnOn);
    history.add(scaleRegion(region, size, drawnOn));
  };

  return (
    <div className="space-y-4" data-testid="image-mosaic">
      <SettingsPresets toolId="image-mosaic" settings={stored} defaults={DEFAULTS} schema={MOSAIC_SCHEMA} onApply={setStored} />
      <FileDrop accept={MOSAIC_ACCEPT} onFiles={jobs.addFiles} typesLabel="JPG, PNG, WebP, GIF, BMP, AVIF" />
      {file && (
        <>
          {jobs.rows.length > 1 && (
            <div className="flex flex-wrap items-end gap-x-4 gap-y-1">
              <Select
                label={t('shown')}
                value={shown.id}
                options={jobs.rows.map((r, i) => ({ value: r.id, label: `${i + 1}. ${r.file.name}` }))}
                onChange={setShownId}
                testId="mosaic-photo"
              />
              <p className="pb-2 text-sm text-zinc-600 dark:text-zinc-400">{t('batchNote', { count: jobs.rows.length })}</p>
            </div>
          )}
          <Toolbar
            settings={settings}
            onChange={update}
            history={{ ...history, hasRegions: regions.length > 0 }}
            onWholeImage={() => history.add({ kind: 'all' })}
            disabled={!ready}
          />
          {state.status === 'loading' && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('loading')}</p>}
          {state.status === 'error' && (
            <p className="text-sm text-red-700 dark:text-red-400" role="alert" data-testid="load-error">
              {t(state.key.replace(/^image-mosaic:/, ''))}
            </p>
          )}
          {ready && (
            <>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(settings.tool === 'rect' ? 'hint.rect' : 'hint.brush')}</p>
              <MosaicCanvas
                width={state.width}
                height={state.height}
                pixels={pixels}
                tool={settings.tool}
                brushRadius={Math.max(1, Math.round((settings.brush / 1000) * longer))}
                onRegion={addRegion}
              />
              <p className="sr-only" aria-live="polite" data-testid="region-count" data-count={regions.length}>
                {t('regions', { count: regions.length })}
              </p>
            </>
          )}
          <StaleResults jobs={jobs} message={t('stale')} action={t('applyAgain')} actionTestId="apply-again" />
          <ResultList jobs={jobs} zipName="localkit-mosaic.zip" />
        </>
      )}
    </div>
  );
}
