import { Brush, Circle, Maximize, Redo2, RotateCcw, Square, SquareDashed, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tool } from './MosaicCanvas';
import { MAX_BLOCK, MIN_BLOCK, type MosaicShape } from './pixelate';

export interface EditorSettings {
  tool: Tool;
  blockSize: number;
  shape: MosaicShape;
  /** Brush radius as a share of the image's longer side, in per mille. */
  brush: number;
  format: 'original' | 'png';
}

interface Props {
  settings: EditorSettings;
  onChange: (patch: Partial<EditorSettings>) => void;
  history: { canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void; reset: () => void; hasRegions: boolean };
  onWholeImage: () => void;
  disabled: boolean;
}

function Toggle({ active, onClick, children, testId }: { active: boolean; onClick: () => void; children: ReactNode; testId: string }) {
  return (
    <button type="button" className={`btn ${active ? 'btn-primary' : 'btn-outline'}`} aria-pressed={active} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}

/** Selection tool, mosaic settings and the history buttons. */
export function Toolbar({ settings, onChange, history, onWholeImage, disabled }: Props) {
  const { t } = useTranslation('image-mosaic');
  return (
    <fieldset className="panel flex flex-wrap items-end gap-x-6 gap-y-3" disabled={disabled}>
      <legend className="sr-only">{t('toolbar')}</legend>
      <div className="flex flex-wrap gap-1" role="group" aria-label={t('select.label')}>
        <Toggle active={settings.tool === 'rect'} onClick={() => onChange({ tool: 'rect' })} testId="tool-rect">
          <SquareDashed className="size-4" aria-hidden /> {t('select.rect')}
        </Toggle>
        <Toggle active={settings.tool === 'brush'} onClick={() => onChange({ tool: 'brush' })} testId="tool-brush">
          <Brush className="size-4" aria-hidden /> {t('select.brush')}
        </Toggle>
        <button type="button" className="btn btn-outline" onClick={onWholeImage} data-testid="whole-image">
          <Maximize className="size-4" aria-hidden /> {t('select.all')}
        </button>
      </div>
      {settings.tool === 'brush' && (
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('brushSize', { value: settings.brush / 10 })}</span>
          <input type="range" min={5} max={150} value={settings.brush} onChange={(e) => onChange({ brush: Number(e.target.value) })} data-testid="brush-size" />
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm">
        <span>{t('blockSize', { value: settings.blockSize })}</span>
        <input type="range" min={MIN_BLOCK} max={MAX_BLOCK} value={settings.blockSize} onChange={(e) => onChange({ blockSize: Number(e.target.value) })} data-testid="block-size" />
      </label>
      <div className="flex gap-1" role="group" aria-label={t('shape.label')}>
        <Toggle active={settings.shape === 'square'} onClick={() => onChange({ shape: 'square' })} testId="shape-square">
          <Square className="size-4" aria-hidden /> {t('shape.square')}
        </Toggle>
        <Toggle active={settings.shape === 'circle'} onClick={() => onChange({ shape: 'circle' })} testId="shape-circle">
          <Circle className="size-4" aria-hidden /> {t('shape.circle')}
        </Toggle>
      </div>
      <div className="flex gap-1">
        <button type="button" className="btn btn-ghost" onClick={history.undo} disabled={!history.canUndo} data-testid="undo" title="Ctrl+Z">
          <Undo2 className="size-4" aria-hidden /> {t('undo')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={history.redo} disabled={!history.canRedo} data-testid="redo" title="Ctrl+Shift+Z">
          <Redo2 className="size-4" aria-hidden /> {t('redo')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={history.reset} disabled={!history.hasRegions} data-testid="reset">
          <RotateCcw className="size-4" aria-hidden /> {t('reset')}
        </button>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span>{t('format.label')}</span>
        <select className="field" value={settings.format} onChange={(e) => onChange({ format: e.target.value === 'png' ? 'png' : 'original' })} data-testid="format">
          <option value="original">{t('format.original')}</option>
          <option value="png">{t('format.png')}</option>
        </select>
      </label>
    </fieldset>
  );
}
