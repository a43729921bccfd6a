import { Brush, Circle, Maximize, Redo2, RotateCcw, Square, SquareDashed, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tool } from './MosaicCanvas';
import { Select, Slider } from '../../../ui/controls';
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
      {settings.tool === 'brush' && <Slider label={t('brushSize', { value: settings.brush / 10 })} showValue={false} value={settings.brush} min={5} max={150} onChange={(brush) => onChange({ brush })} testId="brush-size" />}
      <Slider label={t('blockSize', { value: settings.blockSize })} showValue={false} value={settings.blockSize} min={MIN_BLOCK} max={MAX_BLOCK} onChange={(blockSize) => onChange({ blockSize })} testId="block-size" />
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
      <Select
        label={t('format.label')}
        value={settings.format}
        options={[
          { value: 'original', label: t('format.original') },
          { value: 'png', label: t('format.png') },
        ]}
        onChange={(format) => onChange({ format })}
        testId="format"
      />
    </fieldset>
  );
}
