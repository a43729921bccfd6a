import { Download, ShieldCheck, Trash2, WandSparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSvgFile } from '../../../engines/svg/parse';
import { formatSvg, inspectForDrawing, isSizeRefusal, releaseSvgWorkers } from '../../../engines/svg/client';
import { FileDrop } from '../../../kit/FileDrop';
import { downloadBlob } from '../../../lib/download';
import { toErrorKey, type ToolError } from '../../../lib/errors';
import { toast } from '../../../ui/toast-store';
import { SVG_ACCEPT } from '../../accepts';
import { PreviewPane } from './PreviewPane';
import { SourceEditor } from './SourceEditor';
import { SAMPLE_SVG } from './sample';
import { usePreview, type PreviewState } from './usePreview';
import { useHoldWork } from '../../../kit/activity';

export default function SvgPreviewPage() {
  const { t } = useTranslation(['svg-tools', 'common']);
  const [text, setText] = useState(SAMPLE_SVG);
  const [name, setName] = useState('image.svg');
  // The user's own SVG is kept nowhere else: a new version must not reload it away (nor a navigation, unasked).
  useHoldWork(text !== SAMPLE_SVG);
  const [busy, setBusy] = useState(false);
  // A file too large to draw, refused before the editor took it (the editor keeps what it had).
  const [refused, setRefused] = useState<{ text: string; error: ToolError } | null>(null);
  const preview = usePreview(text);
  const state: PreviewState = refused?.text === text ? { status: 'error', error: toErrorKey(refused.error) } : preview;
  useEffect(() => releaseSvgWorkers, []);

  const fail = (error: unknown) => {
    const { key, params } = toErrorKey(error, 'svg-tools:errors.invalid');
    toast({ title: t(key, params), variant: 'destructive' });
  };
  const format = async () => {
    setBusy(true);
    try {
      setText(await formatSvg(text));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  // DOMPurify loads with the first click: the picture is shown through <img> (no script, no fetch) without it.
  const sanitize = async () => {
    try {
      const { sanitizeSvg } = await import('../../../engines/svg/sanitize');
      const { svg, removed } = sanitizeSvg(text);
      setText(svg);
      toast({ title: t('preview.sanitized', { count: removed }) });
    } catch (error) {
      fail(error);
    }
  };
  // Sized in the worker before the editor holds it: megabytes in a textarea or CodeMirror freeze the page.
  const open = async ([file]: File[]) => {
    try {
      const next = await readSvgFile(file);
      const tooLarge = await inspectForDrawing(next, false).then(
        () => null,
        (error: unknown) => (isSizeRefusal(error) ? (error as ToolError) : null),
      );
      if (tooLarge) {
        setRefused({ text, error: tooLarge });
        fail(tooLarge);
        return;
      }
      setRefused(null);
      setText(next);
      setName(file.name);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-outline" onClick={format} disabled={busy || !text.trim()} data-testid="format">
            <WandSparkles className="size-4" aria-hidden /> {t('preview.format')}
          </button>
          <button type="button" className="btn btn-outline" onClick={sanitize} disabled={!text.trim()} data-testid="sanitize" title={t('preview.sanitizeHint')}>
            <ShieldCheck className="size-4" aria-hidden /> {t('preview.sanitize')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => downloadBlob(new Blob([text], { type: 'image/svg+xml' }), name)}
            disabled={state.status !== 'ok'}
            data-testid="download"
          >
            <Download className="size-4" aria-hidden /> {t('common:actions.download')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setText('')} disabled={!text} data-testid="clear">
            <Trash2 className="size-4" aria-hidden /> {t('common:actions.clearAll')}
          </button>
        </div>
        {state.status === 'ok' && state.unsafe > 0 && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200" role="status" data-testid="active-content">
            {t('preview.activeContent', { count: state.unsafe })}
          </p>
        )}
        <div className="h-[420px] overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700">
          <SourceEditor value={text} onChange={setText} label={t('preview.code')} />
        </div>
        <FileDrop accept={SVG_ACCEPT} onFiles={open} multiple={false} typesLabel="SVG" />
      </div>
      <PreviewPane state={state} />
    </div>
  );
}
