import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/bytes';
import { loadEngines, type Engine } from './engines';
import { useEngineState } from './useEngineState';

/** "Offline and storage": each engine, its size, whether it is on this device, download and remove. */
export function OfflineStorage() {
  const { t, i18n } = useTranslation();
  const [engines, setEngines] = useState<Engine[] | 'unavailable'>();
  const [usage, setUsage] = useState<{ usage?: number; quota?: number }>();

  useEffect(() => {
    loadEngines().then(setEngines, () => setEngines('unavailable'));
    void navigator.storage?.estimate().then(setUsage, () => undefined);
  }, []);

  return (
    <section className="mb-5" data-testid="offline-storage" aria-labelledby="offline-storage-title">
      <h2 id="offline-storage-title" className="mb-1 text-lg font-semibold">
        {t('offlineStorage.title')}
      </h2>
      <p className="mb-3 text-zinc-700 dark:text-zinc-300">{t('offlineStorage.intro')}</p>
      {engines === 'unavailable' && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('offlineStorage.unavailable')}</p>}
      {Array.isArray(engines) && (
        <ul className="space-y-3">
          {engines.map((e) => (
            <EngineRow key={e.id} engine={e} />
          ))}
        </ul>
      )}
      {usage?.usage !== undefined && usage.quota !== undefined && (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="storage-usage">
          {t('offlineStorage.usage', { used: formatBytes(usage.usage, i18n.language), quota: formatBytes(usage.quota, i18n.language) })}
        </p>
      )}
    </section>
  );
}

function EngineRow({ engine }: { engine: Engine }) {
  const { t, i18n } = useTranslation();
  const state = useEngineState(engine);
  const bytes = (n: number) => formatBytes(n, i18n.language);
  const statusText =
    state.status === 'partial' ? t('offlineStorage.partial', { stored: bytes(state.stored), total: bytes(state.total) }) : t(`offlineStorage.${state.status}`);
  return (
    <li className="rounded border border-zinc-200 p-3 dark:border-zinc-700" data-testid="engine-row" data-engine={engine.id} data-status={state.status} data-stored={state.stored} data-total={state.total}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{t(`offlineStorage.engines.${engine.id}.name`)}</span>
        <span className="text-sm tabular-nums" data-testid="engine-size">
          {bytes(state.total)}
        </span>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(`offlineStorage.engines.${engine.id}.use`)}</p>
      <p className="mt-1 text-sm" data-testid="engine-status" aria-live="polite">
        {statusText}
      </p>
      {state.progress && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <progress className="w-full" max={state.progress.needed} value={state.progress.received} data-testid="engine-progress" data-received={state.progress.received} data-needed={state.progress.needed} aria-label={t('offlineStorage.downloading')} />
          <span className="whitespace-nowrap tabular-nums">
            {bytes(state.progress.received)} / {bytes(state.progress.needed)}
          </span>
        </div>
      )}
      {state.failed && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert" data-testid="engine-error">
          {t(navigator.onLine ? 'offlineStorage.failed' : 'offlineStorage.failedOffline')}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {state.progress ? (
          <button type="button" className="btn btn-outline" onClick={state.cancel} data-testid="engine-cancel">
            {t('offlineStorage.cancel')}
          </button>
        ) : (
          state.status !== 'stored' && (
            <button type="button" className="btn btn-primary" onClick={state.download} disabled={state.status === 'checking'} data-testid="engine-download">
              {t('offlineStorage.download')}
            </button>
          )
        )}
        {state.stored > 0 && !state.progress && (
          <button type="button" className="btn btn-outline" onClick={state.remove} data-testid="engine-remove">
            {t('offlineStorage.remove')}
          </button>
        )}
      </div>
    </li>
  );
}
