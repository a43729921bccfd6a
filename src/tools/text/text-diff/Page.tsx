import { ArrowLeftRight, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { replaceExtension } from '../../../lib/download';
import { toErrorKey } from '../../../lib/errors';
import { KeptNotice } from '../../../kit/KeptNotice';
import { useHandedFiles } from '../../../kit/useHandedFiles';
import { useStoredInput } from '../../../kit/useStoredInput';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { DiffClient, type DiffJob } from './diffClient';
import { TEXTS_SCHEMA } from './inputSchema';
import { DEFAULT_SETTINGS, DIFF_SCHEMA, Options } from './Options';
import { readTextFile } from '../../../lib/text-file';
import { forTextarea, fromTextarea, isCrlfOnly } from './readText';
import { SideBySide } from './SideBySide';
import { MAX_EDITABLE, SideInput } from './SideInput';
import { UnifiedView } from './UnifiedView';

type SideId = 'a' | 'b';
type FileInfo = { name: string; size: number } | null;
type ErrorKey = { key: string; params?: Record<string, string | number> } | null;

const NS = ['text-diff', 'common'];
const EMPTY: Record<SideId, string> = { a: '', b: '' };

export default function TextDiffPage() {
  const { t, i18n } = useTranslation('text-diff');
  // The exact texts compared; the text boxes show them with LF line breaks (see forTextarea).
  // Kept on this device across reloads until cleared (a CRLF text comes back as one).
  const [text, setText, , kept] = useStoredInput('text-diff', EMPTY, TEXTS_SCHEMA);
  const [crlf, setCrlf] = useState<Record<SideId, boolean>>(() => ({ a: isCrlfOnly(text.a), b: isCrlfOnly(text.b) }));
  const [files, setFiles] = useState<Record<SideId, FileInfo>>({ a: null, b: null });
  const [errors, setErrors] = useState<Record<SideId, ErrorKey>>({ a: null, b: null });
  const [loading, setLoading] = useState<Record<SideId, boolean>>({ a: false, b: false });
  const [settings, , setSettings] = useStoredSettings('text-diff', DEFAULT_SETTINGS, DIFF_SCHEMA);
  const [client] = useState(() => new DiffClient());
  const state = useSyncExternalStore(client.subscribe, client.getSnapshot);
  const loads = useRef({ a: 0, b: 0 });

  useEffect(() => () => client.dispose(), [client]);

  const names = useMemo(() => {
    const fallback = files.a?.name ?? files.b?.name ?? 'text.txt';
    return { a: files.a?.name ?? fallback, b: files.b?.name ?? fallback };
  }, [files]);

  const { mode, ignoreWhitespace, ignoreCase, view } = settings;
  const job = useMemo<DiffJob | null>(
    () => (text.a === '' && text.b === '' ? null : { a: text.a, b: text.b, options: { mode, ignoreWhitespace, ignoreCase }, patch: view === 'unified' ? names : null }),
    [text, mode, ignoreWhitespace, ignoreCase, view, names],
  );
  useEffect(() => client.request(job), [client, job]);

  const update = <T,>(set: (fn: (prev: Record<SideId, T>) => Record<SideId, T>) => void, side: SideId, value: T) => set((prev) => ({ ...prev, [side]: value }));

  const loadFile = async (side: SideId, file: File) => {
    const token = ++loads.current[side];
    update(setLoading, side, true);
    try {
      const { text: content } = await readTextFile(file);
      if (token !== loads.current[side]) return;
      update(setText, side, content);
      update(setCrlf, side, isCrlfOnly(content));
      update(setFiles, side, { name: file.name, size: file.size });
      update(setErrors, side, null);
    } catch (error) {
      if (token === loads.current[side]) update(setErrors, side, toErrorKey(error, 'common:errors.readFailed'));
    } finally {
      if (token === loads.current[side]) update(setLoading, side, false);
    }
  };

  // Files sent here (from /open or another tool): the first is side A, the second side B.
  useHandedFiles((handed) => handed.slice(0, 2).forEach((file, i) => void loadFile(i === 0 ? 'a' : 'b', file)));

  const swap = () => {
    setText((p) => ({ a: p.b, b: p.a }));
    setCrlf((p) => ({ a: p.b, b: p.a }));
    setFiles((p) => ({ a: p.b, b: p.a }));
    setErrors((p) => ({ a: p.b, b: p.a }));
  };

  const clear = () => {
    loads.current.a++;
    loads.current.b++;
    setText({ a: '', b: '' });
    setCrlf({ a: false, b: false });
    setFiles({ a: null, b: null });
    setErrors({ a: null, b: null });
    setLoading({ a: false, b: false });
  };

  // A text too large for the text box is not converted for it (SideInput shows a summary instead).
  const shownA = useMemo(() => (text.a.length > MAX_EDITABLE ? text.a : forTextarea(text.a)), [text.a]);
  const shownB = useMemo(() => (text.b.length > MAX_EDITABLE ? text.b : forTextarea(text.b)), [text.b]);
  const shown = { a: shownA, b: shownB };

  const translate = (e: ErrorKey) => (e ? t(e.key, { ...e.params, ns: NS }) : null);
  const fmt = new Intl.NumberFormat(i18n.language);
  const result = job ? state.result : null;
  const unit = result?.mode ?? mode;
  const ignoring = ignoreWhitespace || ignoreCase;
  const eolDiffers = !!result && !ignoreWhitespace && result.eolA !== result.eolB && result.eolA !== 'none' && result.eolB !== 'none';

  let status: string | null = null;
  if (!job) status = t('status.empty');
  else if (state.slow) status = t('status.comparing');
  else if (state.error) status = translate(state.error);
  else if (state.cancelled) status = t('status.cancelled');
  else if (result?.identical) status = t(ignoring && text.a !== text.b ? 'status.identicalIgnoring' : 'status.identical');
  else if (result && result.added === 0 && result.removed === 0) status = t('status.whitespaceOnly');

  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        {(['a', 'b'] as const).map((side) => (
          <SideInput
            key={side}
            side={side}
            value={shown[side]}
            onChange={(value) => update(setText, side, fromTextarea(value, crlf[side]))}
            onFile={(file) => void loadFile(side, file)}
            file={files[side]}
            error={translate(errors[side])}
            loading={loading[side]}
          />
        ))}
      </div>

      <div className="panel flex flex-wrap items-center gap-x-6 gap-y-3">
        <Options settings={settings} onChange={(patch) => setSettings((s) => ({ ...s, ...patch }))} />
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <button type="button" className="btn btn-outline" onClick={swap} disabled={!text.a && !text.b} data-testid="swap">
            <ArrowLeftRight className="size-4" aria-hidden /> {t('swap')}
          </button>
          <button type="button" className="btn btn-outline" onClick={clear} disabled={!text.a && !text.b && !errors.a && !errors.b} data-testid="clear">
            <Trash2 className="size-4" aria-hidden /> {t('common:actions.clearAll')}
          </button>
        </div>
        <KeptNotice kept={kept} className="w-full sm:w-auto" />
      </div>

      <section aria-labelledby="text-diff-result" className="space-y-3">
        <h2 id="text-diff-result" className="sr-only">
          {t('output')}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <p className="rounded-md bg-red-50 px-3 py-1.5 text-red-800 dark:bg-red-950/50 dark:text-red-200" data-testid="removed-count" data-value={result?.removed ?? 0}>
            <span className="text-lg font-semibold tabular-nums">−{fmt.format(result?.removed ?? 0)}</span> <span className="text-sm">{t(`counts.removed.${unit}`)}</span>
          </p>
          <p className="rounded-md bg-green-50 px-3 py-1.5 text-green-800 dark:bg-green-950/50 dark:text-green-200" data-testid="added-count" data-value={result?.added ?? 0}>
            <span className="text-lg font-semibold tabular-nums">+{fmt.format(result?.added ?? 0)}</span> <span className="text-sm">{t(`counts.added.${unit}`)}</span>
          </p>
          <p className="text-sm text-zinc-700 dark:text-zinc-300" role="status" data-testid="diff-status">
            {status}
          </p>
          {state.slow && (
            <button type="button" className="btn btn-outline" onClick={() => client.cancel()}>
              {t('common:actions.cancel')}
            </button>
          )}
          {job && !state.busy && (state.cancelled || state.error) && (
            <button type="button" className="btn btn-outline" onClick={() => client.retry()}>
              {t('common:actions.retry')}
            </button>
          )}
        </div>
        {eolDiffers && (
          <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="eol-notice">
            {t('eolDiffers', { a: t(`eol.${result.eolA}`), b: t(`eol.${result.eolB}`) })}
          </p>
        )}

        <div data-testid="text-output" aria-busy={state.busy} className={state.slow ? 'opacity-60 transition-opacity' : ''}>
          {result && view === 'split' && (
            <SideBySide key={state.id} rows={result.rows} collapse={settings.collapse} showCr={eolDiffers} nameA={files.a?.name ?? t('inputA')} nameB={files.b?.name ?? t('inputB')} />
          )}
          {result && view === 'unified' && state.patch !== null && (
            <div className="space-y-2">
              {mode !== 'line' && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('patchIsLines')}</p>}
              {ignoring && !result.identical && <p className="text-sm text-amber-800 dark:text-amber-300">{t('patchIgnoring')}</p>}
              {result.identical ? (
                <p className="panel text-sm text-zinc-600 dark:text-zinc-400">{t('status.noPatch')}</p>
              ) : (
                <UnifiedView key={state.id} patch={state.patch} fileName={replaceExtension(names.b, 'patch')} />
              )}
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
