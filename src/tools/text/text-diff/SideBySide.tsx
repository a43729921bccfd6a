import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row, RowList, Side } from './types';
import { collapseRows } from './fold';
import { useGrowingCount } from './useGrowingCount';

const CONTEXT = 3;
const PAGE = 2000;
// Rows put on the page at once, then per frame until the page is full (see useGrowingCount).
const FIRST = 150;
const STEP = 150;

const TONE = {
  removed: {
    cell: 'bg-red-50 dark:bg-red-950/50',
    mark: 'bg-red-200 dark:bg-red-800/70',
    sign: 'text-red-700 dark:text-red-300',
    char: '−',
  },
  added: {
    cell: 'bg-green-50 dark:bg-green-950/50',
    mark: 'bg-green-200 dark:bg-green-800/70',
    sign: 'text-green-800 dark:text-green-300',
    char: '+',
  },
} as const;

interface Props {
  rows: RowList;
  collapse: boolean;
  /** Show carriage returns: the two texts end their lines differently. */
  showCr: boolean;
  /** Column headings. */
  nameA: string;
  nameB: string;
}

/** The markers' titles, translated once for the whole table (a hook in every row costs more than the row). */
interface Labels {
  cr: string;
  lineBreak: string;
  noEol: string;
}

function LineText({ side, changed, tone, showCr, labels }: { side: Side; changed: boolean; tone: (typeof TONE)[keyof typeof TONE]; showCr: boolean; labels: Labels }) {
  const Mark = tone === TONE.removed ? 'del' : 'ins';
  return (
    <>
      {side.segments.map((s, i) =>
        s.hl ? (
          <Mark key={i} className={`rounded-sm no-underline ${tone.mark}`}>
            {s.text}
          </Mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
      {showCr && side.eol === '\r\n' && (
        <span className="ml-0.5 text-zinc-600 dark:text-zinc-400" title={labels.cr}>
          ␍
        </span>
      )}
      {side.eolHl && (
        <Mark className={`ml-0.5 rounded-sm no-underline ${tone.mark}`} title={labels.lineBreak}>
          ↵
        </Mark>
      )}
      {changed && side.eol === '' && <span className="ml-2 font-sans text-xs text-zinc-600 italic dark:text-zinc-400">{labels.noEol}</span>}
    </>
  );
}

function Cells({ side, kind, showCr, labels, divider }: { side: Side | null; kind: 'removed' | 'added' | 'equal'; showCr: boolean; labels: Labels; divider?: boolean }) {
  const border = divider ? 'border-l border-zinc-200 dark:border-zinc-800' : '';
  if (!side) return <td colSpan={3} className={`bg-zinc-100 dark:bg-zinc-800/60 ${border}`} />;
  const tone = kind === 'equal' ? null : TONE[kind];
  const cell = tone?.cell ?? '';
  return (
    <>
      <td className={`px-1 text-right align-top text-zinc-600 tabular-nums select-none dark:text-zinc-400 ${cell} ${border}`}>{side.no}</td>
      <td className={`text-center align-top select-none ${cell} ${tone?.sign ?? ''}`}>
        {tone?.char ?? ''}
      </td>
      <td className={`px-1 align-top whitespace-pre-wrap [overflow-wrap:anywhere] [tab-size:4] ${cell}`}>
        <LineText side={side} changed={kind !== 'equal'} tone={tone ?? TONE.added} showCr={showCr} labels={labels} />
      </td>
    </>
  );
}

/** One row; memoised, so that rows already on screen are left alone while more are added. */
const RowView = memo(function RowView({ row, showCr, labels }: { row: Row; showCr: boolean; labels: Labels }) {
  const leftKind = row.kind === 'equal' ? 'equal' : 'removed';
  const rightKind = row.kind === 'equal' ? 'equal' : 'added';
  return (
    <tr data-kind={row.kind}>
      <Cells side={row.left} kind={leftKind} showCr={showCr} labels={labels} />
      <Cells side={row.right} kind={rightKind} showCr={showCr} labels={labels} divider />
    </tr>
  );
});

/** The two texts in columns, line by line; unchanged stretches folded around the changes. */
export const SideBySide = memo(function SideBySide({ rows, collapse, showCr, nameA, nameB }: Props) {
  const { t, i18n } = useTranslation('text-diff');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [limit, setLimit] = useState(PAGE);
  const items = useMemo(() => (collapse ? collapseRows(rows, CONTEXT, expanded) : Array.from({ length: rows.length }, (_, index) => ({ type: 'row' as const, index }))), [rows, collapse, expanded]);
  const rendered = useGrowingCount(Math.min(items.length, limit), FIRST, STEP);
  const shown = items.slice(0, rendered);
  const fmt = new Intl.NumberFormat(i18n.language);
  const labels = useMemo<Labels>(() => ({ cr: t('markers.cr'), lineBreak: t('markers.lineBreak'), noEol: t('markers.noEol') }), [t]);

  return (
    <div className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
      <table className="w-full table-fixed border-collapse font-mono text-xs leading-5 sm:text-sm" data-testid="side-by-side">
        <caption className="sr-only">{t('table.caption')}</caption>
        <colgroup>
          <col className="w-8 sm:w-12" />
          <col className="w-4 sm:w-5" />
          <col />
          <col className="w-8 sm:w-12" />
          <col className="w-4 sm:w-5" />
          <col />
        </colgroup>
        <thead>
          <tr className="border-b border-zinc-200 bg-zinc-50 text-left font-sans text-xs font-medium dark:border-zinc-800 dark:bg-zinc-800/50">
            <th scope="colgroup" colSpan={3} className="truncate px-2 py-1.5">
              {nameA}
            </th>
            <th scope="colgroup" colSpan={3} className="truncate border-l border-zinc-200 px-2 py-1.5 dark:border-zinc-800">
              {nameB}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((item) => {
            if (item.type === 'fold') {
              return (
                <tr key={`f${item.start}`} className="border-y border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
                  <td colSpan={6} className="p-0 font-sans">
                    <button
                      type="button"
                      className="w-full px-2 py-1 text-left text-xs text-blue-700 hover:bg-zinc-100 hover:underline dark:text-blue-300 dark:hover:bg-zinc-800"
                      onClick={() => setExpanded((prev) => new Set(prev).add(item.start))}
                      data-testid="fold"
                    >
                      {t('fold', { count: item.count, formatted: fmt.format(item.count) })}
                    </button>
                  </td>
                </tr>
              );
            }
            return <RowView key={item.index} row={rows.at(item.index)} showCr={showCr} labels={labels} />;
          })}
        </tbody>
      </table>
      {items.length > limit && (
        <div className="flex flex-wrap items-center gap-3 border-t border-zinc-200 p-2 text-sm dark:border-zinc-800">
          <span className="text-zinc-600 dark:text-zinc-400">{t('partial', { shown: fmt.format(limit), total: fmt.format(items.length) })}</span>
          <button type="button" className="btn btn-outline" onClick={() => setLimit((l) => l + PAGE)}>
            {t('showMore')}
          </button>
        </div>
      )}
    </div>
  );
});
