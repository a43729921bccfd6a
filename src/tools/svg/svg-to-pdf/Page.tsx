import { Files } from 'lucide-react';
import { useEffect, useState } from 'react';
import { warmInspector } from '../../../engines/svg/client';
import { useTranslation } from 'react-i18next';
import { readSvgFile } from '../../../engines/svg/parse';
import { FileDrop } from '../../../kit/FileDrop';
import { ResultList } from '../../../kit/ResultList';
import { useFileJobs } from '../../../kit/useFileJobs';
import { StaleResults } from '../../../kit/StaleResults';
import { useStoredSettings } from '../../../kit/useStoredSettings';
import { downloadBlob } from '../../../lib/download';
import { toErrorKey } from '../../../lib/errors';
import { toast } from '../../../ui/toast-store';
import { SVG_ACCEPT } from '../../accepts';
import { MAX_PAGE, PAPER, PDF_DEFAULTS, type Orientation, type PaperSize, type PdfSettings } from './layout';
import { pdfJob, pdfKey } from './pdfJob';
import { PDF_SCHEMA } from './schema';
import { SettingsPresets } from '../../../kit/SettingsPresets';

const PAPERS: PaperSize[] = ['svg', ...(Object.keys(PAPER) as PaperSize[])];

export default function SvgToPdfPage() {
  const { t } = useTranslation(['svg-tools', 'common']);
  const [settings, update, setSettings] = useStoredSettings<PdfSettings>('svg-to-pdf', PDF_DEFAULTS, PDF_SCHEMA);
  // svg2pdf walks the DOM in the page: one file at a time.
  const jobs = useFileJobs({ run: pdfJob, settings, resultKey: pdfKey, concurrency: 1, fallbackErrorKey: 'svg-tools:errors.pdf' });
  useEffect(warmInspector, []);
  const [combining, setCombining] = useState<{ done: number; total: number } | null>(null);
  const done = jobs.rows.filter((r) => r.status === 'done');
  const withNotes = done.filter((r) => r.result?.facts?.textImages || r.result?.facts?.reducedWidth);

  const combine = async () => {
    setCombining({ done: 0, total: done.length });
    try {
      const texts = await Promise.all(done.map((r) => readSvgFile(r.file)));
      const { svgsToPdf } = await import('./svgPdfWriter');
      downloadBlob((await svgsToPdf(texts, settings, (d, total) => setCombining({ done: d, total }))).blob, 'localkit-svg.pdf');
    } catch (error) {
      const { key, params } = toErrorKey(error, 'svg-tools:errors.pdf');
      toast({ title: t(key, params), variant: 'destructive' });
    } finally {
      setCombining(null);
    }
  };

  return (
    <div className="space-y-4">
      <section className="panel flex flex-wrap items-end gap-4" aria-label={t('settings')}>
        <label className="flex flex-col gap-1 text-sm">
          {t('pdf.paper')}
          <select className="field" value={settings.paper} onChange={(e) => update({ paper: e.target.value as PaperSize })} data-testid="paper">
            {PAPERS.map((p) => (
              <option key={p} value={p}>
                {t(`pdf.papers.${p}`)}
              </option>
            ))}
          </select>
        </label>
        {settings.paper !== 'svg' && (
          <>
            <label className="flex flex-col gap-1 text-sm">
              {t('pdf.orientation')}
              <select className="field" value={settings.orientation} onChange={(e) => update({ orientation: e.target.value as Orientation })} data-testid="orientation">
                {(['auto', 'portrait', 'landscape'] as const).map((o) => (
                  <option key={o} value={o}>
                    {t(`pdf.orientations.${o}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t('pdf.margin')}
              <input type="number" className="field w-24" min={0} max={100} value={settings.margin} onChange={(e) => update({ margin: Math.min(100, Math.max(0, Number(e.target.value) || 0)) })} data-testid="margin" />
            </label>
          </>
        )}
        <p className="basis-full text-xs text-zinc-600 dark:text-zinc-400">{t('pdf.hint')}</p>
      </section>
      <SettingsPresets toolId="svg-to-pdf" settings={settings} defaults={PDF_DEFAULTS} schema={PDF_SCHEMA} onApply={setSettings} />
      <FileDrop accept={SVG_ACCEPT} onFiles={jobs.addFiles} typesLabel="SVG" />
      <StaleResults jobs={jobs} message={t('stale')} action={t('convertAgain')} actionTestId="convert-again" />
      {done.length > 1 && (
        <button type="button" className="btn btn-primary" onClick={combine} disabled={!!combining} data-testid="combine">
          <Files className="size-4" aria-hidden />
          {combining ? `${t('pdf.combine', { count: done.length })} ${combining.done}/${combining.total}` : t('pdf.combine', { count: done.length })}
        </button>
      )}
      <ResultList jobs={jobs} zipName="localkit-svg-to-pdf.zip" />
      {withNotes.length > 0 && (
        <ul className="list-disc space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 pl-8 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100" data-testid="pdf-notes">
          {withNotes.map(({ id, file, result }) => {
            const facts = result!.facts!;
            return [
              facts.textImages ? (
                <li key={`${id}-text`}>
                  {file.name}: {t('pdf.textImages', { count: Number(facts.textImages) })}
                </li>
              ) : null,
              facts.reducedWidth ? (
                <li key={`${id}-page`} data-testid="pdf-page-scaled">
                  {file.name}: {t('pdf.pageScaled', { width: facts.reducedWidth, height: facts.reducedHeight, max: MAX_PAGE, percent: facts.reducedPercent })}
                </li>
              ) : null,
            ];
          })}
        </ul>
      )}
    </div>
  );
}
