import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from './ColorField';
import { foreignBaseHost, type SiteInfo } from './manifest';

interface Props {
  info: SiteInfo;
  onChange: (patch: Partial<SiteInfo>) => void;
  /** What the background colour is used for, shown under the fields. */
  backgroundHint: string;
}

/** Name, short name, colours and the path the files will be served from: what the manifest and snippet say. */
export function SiteFields({ info, onChange, backgroundHint }: Props) {
  const { t } = useTranslation('favicon');
  const ids = { name: useId(), short: useId(), path: useId(), pathNote: useId() };
  const foreignHost = foreignBaseHost(info.basePath);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-medium">{t('site.legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={ids.name} className="block text-sm font-medium">
            {t('site.name')}
          </label>
          <input id={ids.name} className="field w-full" value={info.name} maxLength={80} onChange={(e) => onChange({ name: e.target.value })} data-testid="app-name" />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.short} className="block text-sm font-medium">
            {t('site.shortName')}
          </label>
          <input id={ids.short} className="field w-full" value={info.shortName} maxLength={30} placeholder={info.name} onChange={(e) => onChange({ shortName: e.target.value })} />
        </div>
        <ColorField label={t('site.themeColor')} value={info.themeColor} onChange={(themeColor) => onChange({ themeColor })} testId="theme-color" />
        <ColorField label={t('site.backgroundColor')} value={info.backgroundColor} onChange={(backgroundColor) => onChange({ backgroundColor })} testId="background-color" />
        <div className="space-y-1 sm:col-span-2">
          <label htmlFor={ids.path} className="block text-sm font-medium">
            {t('site.basePath')}
          </label>
          <input
            id={ids.path}
            className="field w-full font-mono"
            value={info.basePath}
            maxLength={200}
            onChange={(e) => onChange({ basePath: e.target.value })}
            aria-invalid={foreignHost ? true : undefined}
            aria-describedby={foreignHost ? ids.pathNote : undefined}
            data-testid="base-path"
          />
          {foreignHost && (
            <p id={ids.pathNote} className="text-sm text-amber-800 dark:text-amber-300" role="alert" data-testid="base-path-foreign">
              {t('site.basePathForeign', { host: foreignHost })}
            </p>
          )}
        </div>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{backgroundHint}</p>
    </fieldset>
  );
}
